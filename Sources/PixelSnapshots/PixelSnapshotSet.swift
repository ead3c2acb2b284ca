import Foundation
import HeadlessBrowser
import PixelDiff
import RenderCore
import SnapshotFiles

/// Screens to capture in every locale at every ``DeviceProfile`` and compare with golden
/// PNG files laid out as `<directory>/<subject>/<locale>.<profile>.png`
/// (`snapshots/cart-hair-spray/fr-FR.390-light.png`), in one browser, several pages at a
/// time. The browser's version is kept beside them in `<directory>/browser-version.txt`.
package struct PixelSnapshotSet: Sendable {
  package var subjects: [SnapshotSubject]
  package var locales: [LanguageTag]
  package var profiles: [DeviceProfile]
  package var configuration: SessionConfiguration
  package var tolerance: PixelTolerance
  /// The layout rules run in each page; none when empty.
  package var layoutRules: [LayoutRule]

  package init(
    subjects: [SnapshotSubject], locales: [LanguageTag], profiles: [DeviceProfile] = [.standard],
    configuration: SessionConfiguration = .default, tolerance: PixelTolerance = .standard,
    layoutRules: [LayoutRule] = []
  ) {
    self.subjects = subjects
    self.locales = locales
    self.profiles = profiles
    self.configuration = configuration
    self.tolerance = tolerance
    self.layoutRules = layoutRules
  }

  /// The name of the file beside the golden PNGs that holds the browser's version.
  package static let versionFileName = "browser-version.txt"

  /// What a run came to.
  package struct Run: Sendable {
    /// In subject, locale, profile order.
    package var results: [PixelSnapshotResult]
    /// Sentences about the run as a whole: a browser other than the golden files'.
    package var notes: [String]
    /// Captures the browser failed, one sentence each.
    package var failures: [String]
  }

  /// Captures every subject in every locale at every profile in `browser` and compares
  /// each with its file, recording per `mode`.
  package func verify(
    in directory: URL, displayDirectory: String, mode: SnapshotRecordMode, browser: BrowserSession,
    parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> Run {
    let locales = SnapshotLocales.resolve(self.locales, configuration: configuration)
    struct Page {
      var subject: String
      var tag: String
      var profile: DeviceProfile
    }
    var pages: [Page] = []
    var jobs: [CaptureJob] = []
    for subject in subjects {
      for locale in locales {
        let html = subject.screen.render(.html, context: RenderContext(configuration: configuration, locale: locale))
        for profile in profiles {
          pages.append(Page(subject: subject.name, tag: locale.formattingTag.description, profile: profile))
          jobs.append(CaptureJob(html: html, profile: profile, script: layoutRules.isEmpty ? nil : LayoutCheck.script))
        }
      }
    }
    let captures = browser.capture(jobs, parallelism: parallelism)
    var run = Run(results: [], notes: [], failures: [])
    var anyRecorded = false
    for (page, capture) in zip(pages, captures) {
      let name = "\(page.tag).\(page.profile).png"
      let file = SnapshotFile(
        url: directory.appending(path: page.subject).appending(path: name),
        displayPath: "\(displayDirectory)/\(page.subject)/\(name)")
      switch capture {
      case .failure(let error):
        run.failures.append("\(file.displayPath): \(error)")
      case .success(let capture):
        let (outcome, comparison) = PixelFiles.verify(capture.png, file: file, mode: mode, tolerance: tolerance)
        if outcome == .recorded { anyRecorded = true }
        let findings =
          layoutRules.isEmpty
          ? []
          : LayoutCheck.findings(
            capture.scriptResult, subject: page.subject, localeTag: page.tag, profile: page.profile
          )
          .filter { layoutRules.contains($0.rule) }
        run.results.append(
          PixelSnapshotResult(
            subject: page.subject, localeTag: page.tag, profile: page.profile, file: file, outcome: outcome,
            comparison: comparison, png: capture.png, findings: findings))
      }
    }
    let versionFile = directory.appending(path: Self.versionFileName)
    let recorded = (try? String(contentsOf: versionFile, encoding: .utf8))?.trimmingCharacters(
      in: .whitespacesAndNewlines)
    if anyRecorded && (mode == .all || recorded == nil) {
      try? Data((browser.version + "\n").utf8).write(to: versionFile, options: .atomic)
    } else if let recorded, recorded != browser.version {
      run.notes.append(
        "the golden PNG files in \(displayDirectory) were taken with \(recorded) (\(displayDirectory)/\(Self.versionFileName)); "
          + "this browser is \(browser.version): pixels that differ may be the browser's doing; "
          + "look at the diff images, then record them again with this browser (--record all)")
    } else if recorded == nil, !run.results.isEmpty {
      run.notes.append(
        "\(displayDirectory)/\(Self.versionFileName) is missing: no one knows which browser took the golden PNG files")
    }
    return run
  }
}
