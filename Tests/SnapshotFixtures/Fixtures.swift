import CartRender
import Foundation
import GoldenFiles
import RenderCore

/// The examples and temporary folders the snapshot tests share (SnapshotFiles' and
/// CartSnapshotTesting's).
package enum Fixtures {
  package static let examples = GoldenFile.packageRoot().appending(path: "examples")

  package static func cart(_ name: String) throws -> ShoppingCart {
    let bytes = Array(try Data(contentsOf: examples.appending(path: name)))
    return try ShoppingCart(json: try JSONParser.parse(bytes), currency: "USD")
  }

  /// A new, empty folder under the system's temporary folder.
  package static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "snapshot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  package static func read(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Replaces the first no-break space in the file that follows `prefix` (any, by default)
  /// with a plain space.
  package static func breakFirstNoBreakSpace(_ url: URL, after prefix: String = "") throws {
    let text = read(url) ?? ""
    guard let found = text.range(of: prefix + "\u{A0}") else { throw CocoaError(.fileReadCorruptFile) }
    let range = text.index(before: found.upperBound)..<found.upperBound
    try Data(text.replacingCharacters(in: range, with: " ").utf8).write(to: url)
  }
}
