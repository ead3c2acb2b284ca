import Foundation
import RenderCore
import SnapshotFiles

/// Asserts that `screen` (a `ShoppingCart`, a `CartUpdate`, a `FormScreen`, a
/// `StatusScreen`, any ``Screen``) renders in every locale and format exactly as its
/// golden files beside the calling test say:
/// `<folder of the test file>/<directory>/<name>/<locale>.<html|txt>`, e.g.
/// `Tests/ShopTests/__Snapshots__/hair-spray/fr-FR.html`.
///
/// The record mode comes from the environment (``SnapshotRecordMode/current``):
/// `SNAPSHOT_RECORD=missing` (the default) records a missing file, `all` rewrites every
/// file, `never` (forced when `CI` is set) writes nothing. A recorded file fails the
/// test too, so it is read before it is committed.
///
/// Each file that differs, is missing under `never`, or was recorded is one failure at
/// the caller's line, with a unified diff naming invisible characters (`⟨NBSP⟩`,
/// `⟨NNBSP⟩`, `⟨RLM⟩`, `⟨ALM⟩`, trailing spaces as `·`). Failures go to Swift Testing
/// (`Issue.record`) when a Swift Testing test is running, else to XCTest (`XCTFail`).
///
/// - Parameters:
///   - screen: what to render.
///   - name: the folder of this screen's files: one path component, unique in `directory`.
///   - locales: BCP 47 tags (`en-US`, `fr-FR`, `ja-JP`; a tag without a region takes
///     the session's), or ``everyLanguage`` for every language with UI strings.
///   - formats: any of `.html`, `.text` and `.spoken` (what a screen reader meets, files
///     `<locale>.spoken.txt`); the page and its text by default.
///   - configuration: the session (currency, region, names, URLs).
///   - width: display columns of the text format.
///   - directory: the folder of golden files, relative to the test file's folder
///     (an absolute path is taken as is).
///   - record: overrides the environment's record mode.
///   - pixels: also capture the page in headless Chromium (Debian's `chromium`, one
///     browser for the test process) at each of its profiles and compare it with
///     `<directory>/<name>/<locale>.<profile>.png` (`fr-FR.390-light.png`); a differing
///     image fails with its pixel count and bounding box and leaves `.actual.png` and
///     `.diff.png` beside the golden file; each broken layout rule is a failure naming
///     the locale, the profile and the element's text. No browser is a failure saying so.
/// - Returns: every text result, for further checks; empty when `name` or a tag is refused.
@discardableResult
public func assertSnapshots(
  of screen: any Screen, named name: String, locales: [String], formats: [OutputFormat] = [.html, .text],
  configuration: SessionConfiguration = .default, width: Int = OutputFormat.defaultTextWidth,
  directory: String = "__Snapshots__", record: SnapshotRecordMode? = nil, pixels: PixelCheck? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> [SnapshotResult] {
  let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  if let problem = SnapshotSubject.problem(name: name) {
    TestFailure.record(problem, at: location)
    return []
  }
  var tags: [LanguageTag] = []
  for text in locales {
    guard let tag = LanguageTag(text) else {
      TestFailure.record("'\(text)' is not a BCP 47 language tag (e.g. fr-CA)", at: location)
      return []
    }
    tags.append(tag)
  }
  let folder =
    directory.hasPrefix("/")
    ? URL(fileURLWithPath: directory)
    : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appending(path: directory)
  let set = SnapshotSet(
    subjects: [SnapshotSubject(name: name, screen: screen)], locales: tags, formats: formats,
    configuration: configuration, width: width)
  let results = set.verify(in: folder, displayDirectory: directory, mode: record ?? .current)
  for result in results {
    if let message = result.outcome.message(file: result.file, howToRecord: howToRecord) {
      TestFailure.record(message, at: location)
    }
  }
  if let pixels {
    assertPixels(
      PixelSnapshotSet(
        subjects: set.subjects, locales: tags, profiles: pixels.profiles, configuration: configuration,
        tolerance: pixels.tolerance, layoutRules: pixels.layoutRules),
      in: folder, displayDirectory: directory, mode: record ?? .current, at: location)
  }
  return results
}

private func assertPixels(
  _ set: PixelSnapshotSet, in folder: URL, displayDirectory: String, mode: SnapshotRecordMode,
  at location: CallerLocation
) {
  let browser: BrowserSession
  switch SharedBrowser.session {
  case .success(let session): browser = session
  case .failure(let error):
    TestFailure.record("pixel snapshots need headless Chromium: \(error)", at: location)
    return
  }
  let run = set.verify(in: folder, displayDirectory: displayDirectory, mode: mode, browser: browser)
  for note in run.notes { TestFailure.record(note, at: location) }
  for failure in run.failures { TestFailure.record("the browser failed: \(failure)", at: location) }
  for result in run.results {
    if case .differs(let summary) = result.outcome {
      TestFailure.record("\(result.file.displayPath) differs from its golden image: \(summary)", at: location)
    } else if let message = result.outcome.message(file: result.file, howToRecord: howToRecord) {
      TestFailure.record(message, at: location)
    }
    for finding in result.findings { TestFailure.record("\(result.subject) \(finding)", at: location) }
  }
}

/// Every language the engine has UI strings for, as tags that take the session's
/// region: `assertSnapshots(of: cart, named: "cart", locales: everyLanguage)`.
public var everyLanguage: [String] { SnapshotLocales.everyLanguage.map(\.description) }

private let howToRecord =
  "run the tests outside CI to record it (\(SnapshotRecordMode.environmentVariable)=missing), then read and commit it"
