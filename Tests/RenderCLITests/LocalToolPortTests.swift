import Foundation
import RenderCore
import Testing

@testable import LivePreview

/// A local tool whose port is taken says so in one line and exits 64, whichever tool:
/// the command line was right, so no usage text follows the error.
@Suite struct LocalToolPortTests {
  let cli = RenderCLIEndToEndTests()

  /// Another tool's server holds a port of loopback for the test's length.
  func takenPort() throws -> (PreviewServer, Int) {
    let holder = PreviewServer(files: [], configuration: .default)
    return (holder, try holder.start(port: 0))
  }

  @Test func snapshotReviewOnATakenPortIsOneLineAndExit64() throws {
    let (holder, port) = try takenPort()
    defer { holder.stop() }
    let dir = FileManager.default.temporaryDirectory.appending(path: "render-cli-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = ["examples/cart-hair-spray.json", "--dir", dir.path]
    #expect(try cli.run(["snapshot"] + arguments + ["--locales", "en-US", "--record", "all"]).status == 0)
    // fr-FR is new, so the review has a file to serve and must listen.
    let review = try cli.run(["snapshot"] + arguments + ["--locales", "en-US,fr-FR", "--review", "--port", "\(port)"])
    #expect(review.status == 64)
    #expect(review.stderr.hasPrefix("Error: cannot listen on 127.0.0.1:\(port) ("), "\(review.stderr)")
    #expect(review.stderr.split(separator: "\n").count == 1, "\(review.stderr)")
    #expect(!review.stderr.contains("USAGE"))
    #expect(!FileManager.default.fileExists(atPath: dir.appending(path: "cart-hair-spray/fr-FR.html").path))
  }

  @Test func previewOnATakenPortIsTheSameOneLine() throws {
    let (holder, port) = try takenPort()
    defer { holder.stop() }
    let preview = try cli.run(["preview", "examples/cart-hair-spray.json", "--port", "\(port)"])
    #expect(preview.status == 64)
    #expect(preview.stderr.hasPrefix("Error: cannot listen on 127.0.0.1:\(port) ("), "\(preview.stderr)")
    #expect(preview.stderr.split(separator: "\n").count == 1, "\(preview.stderr)")
  }
}
