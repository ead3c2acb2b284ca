import RenderCore
import SessionReplay

/// A session transcript (JSON Lines) → replay in two locales, both formats.
enum ReplayHarness {
  static let harness = FuzzHarness(
    name: "replay", summary: "session transcript (JSON Lines) → replay → every step's HTML and text", check: check)

  /// English (the default) or Arabic, by the input's hash, both formats.
  static let options = [nil, LanguageTag("ar-EG")].map {
    Replay.Options(locales: [$0], formats: [.html, .text], width: OutputFormat.defaultTextWidth)
  }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    let options = setting.pick(Self.options)
    var files: [Replay.File] = []
    var failure: Replay.Failure?
    do {
      try Replay.run(bytes, configuration: .default, options: options) { files.append($0) }
    } catch let error as Replay.Failure {
      failure = error
    } catch {
      throw PropertyFailure("replay.failure", "replay threw \(error)")
    }
    for file in files {
      try checkPath(file.path)
      if file.path.hasSuffix(".html") {
        try OutputProperties.checkHTML(file.contents, file.path)
      } else {
        try OutputProperties.checkText(file.contents, file.path)
        try TextWidthCheck.check(file.contents, width: options.width, file.path)
      }
    }
    if let failure {
      guard !failure.messages.isEmpty else { throw PropertyFailure("errors.nonEmpty", "a replay failure says nothing") }
      for line in failure.lines(file: "session.jsonl") { try OutputProperties.checkErrorLine(line, "replay") }
    }
    // The same transcript writes the same files (checked on a sample: a replay renders
    // every step).
    guard setting.sampled(oneIn: 4) else { return }
    var again: [Replay.File] = []
    _ = try? Replay.run(bytes, configuration: .default, options: options) { again.append($0) }
    guard again == files else { throw PropertyFailure("deterministic", "two replays wrote different files") }
  }

  /// `<locale>/<digits>-<name>.<html|txt>`: one folder deep, nothing a path could
  /// climb out of or hide behind.
  static func checkPath(_ path: String) throws(PropertyFailure) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let safe =
      parts.count == 2
      && parts.allSatisfy { part in
        !part.isEmpty && part.first != "."
          && part.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
          }
      }
    guard safe else { throw PropertyFailure("replay.safePath", "file path \(path.debugDescription)") }
  }
}
