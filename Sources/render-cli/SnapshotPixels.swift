import Foundation
import HeadlessBrowser
import PixelDiff
import PixelSnapshots
import RenderCore
import SnapshotFiles

extension Runner {
  /// What the pixel part of `snapshot` came to: the run, and its paragraphs of the report.
  struct PixelReport {
    var run: PixelSnapshotSet.Run
    var report: String
  }

  /// `snapshot --formats png`: every subject in every locale at every profile, captured
  /// in one headless Chromium and compared with its golden PNG; the layout rules too
  /// with `--check-layout`.
  func pixelSnapshots(
    _ options: SnapshotOptions, subjects: [SnapshotSubject], configuration: SessionConfiguration,
    directory: URL, shown: String, mode: SnapshotRecordMode
  ) throws -> PixelReport {
    guard let tolerance = PixelTolerance(threshold: options.threshold, allowedPixels: options.allowedPixels) else {
      throw RunFailure.usage(UsageError("The pixel tolerance is out of range."))
    }
    let executable = environment()["RENDER_CLI_CHROMIUM"] ?? BrowserSession.defaultExecutable
    let browser: BrowserSession
    do {
      browser = try BrowserSession(executable: executable)
    } catch {
      throw RunFailure.unavailable("\(error)")
    }
    defer { browser.close() }
    let set = PixelSnapshotSet(
      subjects: subjects, locales: options.locales, profiles: options.profiles, configuration: configuration,
      tolerance: tolerance, layoutRules: options.layoutRules ?? [])
    let run = set.verify(in: directory, displayDirectory: shown, mode: mode, browser: browser)
    var report = run.notes.map { "note: \($0)\n" }.joined()
    for failure in run.failures { report += "browser: \(failure)\n" }
    for result in run.results {
      switch result.outcome {
      case .matched, .notWritten: break
      case .recorded: report += "recorded \(result.file.displayPath)\n"
      case .differs(let summary): report += "\(result.file.displayPath) differs from its golden image: \(summary)\n"
      case .missing:
        report += (result.outcome.message(file: result.file, howToRecord: Self.pixelHowToRecord) ?? "") + "\n"
      }
      for finding in result.findings { report += "layout: \(result.subject) \(finding)\n" }
    }
    let unwritten = run.results.compactMap { result -> String? in
      guard case .notWritten(let reason) = result.outcome else { return nil }
      return "cannot write '\(result.file.displayPath)': \(reason)"
    }
    if let first = unwritten.first { throw RunFailure.cannotCreate(first) }
    return PixelReport(run: run, report: report)
  }

  private static let pixelHowToRecord =
    "run with --record missing, outside CI, to record it; then look at it and commit it"
}
