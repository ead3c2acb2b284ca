import Foundation
import GoldenFiles
import HeadlessBrowser
import PixelDiff
import Testing

@testable import render_cli

/// `strings export --screenshots`: in Arabic, Japanese and German every unit names a
/// screenshot that shows its string, each string recorded in marks.json is outlined on
/// its screenshot around drawn text, and `strings import` reads the files back unchanged.
@Suite(.enabled(if: BrowserSession.isAvailable(), "no Chromium: scripts/setup-browser installs Debian's chromium"))
struct StringsScreenshotsTests {
  static let root = GoldenFile.packageRoot()
  static let languages = ["ar", "ja", "de"]
  /// The outline's colour (``StringsScreenshots/markScript``).
  static let mark: (UInt8, UInt8, UInt8) = (0xFF, 0x00, 0xC8)

  /// One export for the suite, in a fresh folder beside a copy of the catalogs.
  static let export: Result<URL, Error> = Result {
    let folder = FileManager.default.temporaryDirectory.appending(path: "strings-shots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: root.appending(path: "locales"), to: folder.appending(path: "locales"))
    let outcome = Runner(inputs: .live).run([
      "strings", "export", "--xliff", folder.appending(path: "xliff").path, "--languages",
      languages.joined(separator: ","),
      "--screenshots", "--examples", root.appending(path: "examples").path,
      "--locales", folder.appending(path: "locales").path,
    ])
    guard outcome.status == .success else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["err": outcome.standardError])
    }
    return folder
  }

  /// Each trans-unit's id and the screenshots its context group names.
  static func units(_ xliff: String) -> [(id: String, screenshots: [String])] {
    xliff.components(separatedBy: "<trans-unit id=\"").dropFirst().map { unit in
      let id = String(unit.prefix { $0 != "\"" })
      let screenshots = unit.components(separatedBy: "<context context-type=\"x-screenshot\">").dropFirst().map {
        String($0.prefix { $0 != "<" })
      }
      return (id, screenshots)
    }
  }

  @Test(arguments: languages)
  func everyUnitNamesAScreenshotThatExists(_ tag: String) throws {
    let folder = try Self.export.get().appending(path: "xliff")
    let xliff = try String(contentsOf: folder.appending(path: "\(tag).xliff"), encoding: .utf8)
    let units = Self.units(xliff)
    #expect(units.count >= 87)
    let marks = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "\(tag)/marks.json")))
    let byFile = try #require(marks as? [String: [[String: Any]]])
    for unit in units {
      #expect(!unit.screenshots.isEmpty, "\(tag): \(unit.id) names no screenshot")
      let key = String(unit.id.split(separator: "|").first ?? "")
      for path in unit.screenshots {
        #expect(path.hasPrefix("\(tag)/") && FileManager.default.fileExists(atPath: folder.appending(path: path).path))
        let file = String(path.dropFirst(tag.count + 1))
        #expect(byFile[file]?.contains { $0["key"] as? String == key } == true, "\(path) has no mark of \(key)")
      }
    }
  }

  /// Every box marks.json records is drawn on its screenshot: its edge in the outline's
  /// colour, and inside it something other than the background (the string's text).
  @Test(arguments: languages)
  func eachMarkedStringIsOutlinedOnItsScreenshot(_ tag: String) throws {
    let folder = try Self.export.get().appending(path: "xliff/\(tag)")
    let marks = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "marks.json")))
    let byFile = try #require(marks as? [String: [[String: Any]]])
    var boxes = 0
    for (file, entries) in byFile.sorted(by: { $0.key < $1.key }) {
      let image = try PNGCodec.decode(Array(Data(contentsOf: folder.appending(path: file))))
      for entry in entries {
        let key = entry["key"] as? String ?? "?"
        for box in entry["boxes"] as? [[Double]] ?? [] {
          let (x, y, w, h) = (Int(box[0]), Int(box[1]), Int(box[2]), Int(box[3]))
          guard x >= 0, y >= 0, x + w <= image.width, y + h <= image.height, w > 6, h > 6 else {
            Issue.record("\(tag)/\(file): \(key)'s box \(box) is not inside the image")
            continue
          }
          boxes += 1
          let edge =
            (x..<(x + w)).flatMap { [($0, y), ($0, y + h - 1)] } + (y..<(y + h)).flatMap { [(x, $0), (x + w - 1, $0)] }
          let outlined = edge.filter { Self.isMark(image.pixel(x: $0.0, y: $0.1)) }.count
          #expect(outlined * 10 >= edge.count * 9, "\(tag)/\(file): \(key) is not outlined at \(box)")
          let inside = (y + 3..<(y + h - 3)).flatMap { row in (x + 3..<(x + w - 3)).map { image.pixel(x: $0, y: row) } }
          let colours = Set(inside.map { [$0.0, $0.1, $0.2] })
          #expect(colours.count > 1, "\(tag)/\(file): nothing is drawn inside \(key)'s box \(box)")
        }
      }
    }
    #expect(boxes > 300, "\(tag): only \(boxes) boxes")
  }

  static func isMark(_ pixel: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
    abs(Int(pixel.0) - Int(mark.0)) < 8 && abs(Int(pixel.1) - Int(mark.1)) < 8 && abs(Int(pixel.2) - Int(mark.2)) < 8
  }

  @Test func importReadsTheFilesBackUnchanged() throws {
    let folder = try Self.export.get()
    let files = Self.languages.map { folder.appending(path: "xliff/\($0).xliff").path }
    let outcome = Runner(inputs: .live).run(
      ["strings", "import"] + files + ["--locales", folder.appending(path: "locales").path])
    #expect(outcome.status == .success, "\(outcome.standardError)")
    #expect(outcome.standardOutput == Self.languages.map { "\($0).xcstrings: unchanged\n" }.joined())
  }
}
