import Foundation
import Testing

@testable import render_cli

/// A file that cannot be written or read is named with what is wrong and what to do,
/// never with Foundation's "The operation could not be completed." or "error 512".
@Suite struct FileErrorMessagesTests {
  let cli = RenderCLIEndToEndTests()
  let cart = "examples/cart-hair-spray.json"

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "file-errors-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func anOutputInAMissingFolderNamesTheFolder() throws {
    let missing = try folder().appending(path: "nonexistent")
    let result = try cli.run(["cart", cart, "--output", missing.path + "/x.html"])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "Error: cannot write '\(missing.path)/x.html': no folder '\(missing.path)'; make it first, or choose another path\n"
    )
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }

  @Test func anOutputThatIsAFolderSaysSo() throws {
    let dir = try folder()
    let result = try cli.run(["cart", cart, "--output", dir.path])
    #expect(result.status == 73)
    #expect(result.stderr == "Error: cannot write '\(dir.path)': it is a folder; give a file name\n")
  }

  @Test func anOutputBelowAFileNamesTheFile() throws {
    let file = try folder().appending(path: "plain.txt")
    try Data("x".utf8).write(to: file)
    let result = try cli.run(["cart", cart, "--output", file.path + "/sub/x.html"])
    #expect(result.status == 73)
    #expect(result.stderr == "Error: cannot write '\(file.path)/sub/x.html': '\(file.path)' is a file, not a folder\n")
  }

  @Test func aFullDiskSaysSo() throws {
    let result = try cli.run(["cart", cart, "--output", "/dev/full"])
    #expect(result.status == 73)
    #expect(result.stderr == "Error: cannot write '/dev/full': no space left on device\n")
  }

  @Test func aFullStandardOutputExits74() throws {
    let process = Process()
    process.executableURL = RenderCLIEndToEndTests.binary
    process.arguments = ["cart", cart]
    process.currentDirectoryURL = RenderCLIEndToEndTests.root
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let error = Pipe()
    process.standardOutput = full
    process.standardError = error
    try process.run()
    let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(stderr == "Error: cannot write to standard output: no space left on device\n")
  }

  @Test func aGoldenFileThatIsAFolderSaysSo() throws {
    let dir = try folder()
    let golden = dir.appending(path: "cart-hair-spray/en-US.txt")
    try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
    let result = try cli.run(["snapshot", cart, "--dir", dir.path, "--locales", "en-US", "--record", "all"])
    #expect(result.status == 73)
    #expect(result.stderr == "Error: cannot write '\(golden.path)': it is a folder; give a file name\n")
  }

  @Test func aSnapshotFolderBelowAFileNamesTheFile() throws {
    let file = try folder().appending(path: "plain.txt")
    try Data("x".utf8).write(to: file)
    let result = try cli.run(["snapshot", cart, "--dir", file.path, "--locales", "en-US", "--record", "all"])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "Error: cannot write '\(file.path)/cart-hair-spray/en-US.html': '\(file.path)' is a file, not a folder\n")
  }

  @Test func aReplayFolderBelowAFileNamesTheFile() throws {
    let file = try folder().appending(path: "plain.txt")
    try Data("x".utf8).write(to: file)
    let result = try cli.run(["replay", "examples/checkout.jsonl", "--out", file.path + "/out"])
    #expect(result.status == 73)
    #expect(result.stderr == "Error: cannot make '\(file.path)/out': '\(file.path)' is a file, not a folder\n")
  }

  @Test func anInputThatIsAFolderSaysSo() throws {
    let dir = try folder()
    let result = try cli.run(["cart", dir.path])
    #expect(result.status == 66)
    #expect(result.stderr == "Error: cannot read '\(dir.path)': it is a folder; give a file\n")
  }

  // Root reads and writes whatever the permissions say, so these run only as another user.
  @Test(.enabled(if: getuid() != 0)) func anUnreadableInputSaysSo() throws {
    let file = try folder().appending(path: "cart.json")
    try Data("{}".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
    let result = try cli.run(["cart", file.path])
    #expect(result.status == 66)
    #expect(result.stderr == "Error: cannot read '\(file.path)': no permission to read it\n")
  }

  @Test(.enabled(if: getuid() != 0)) func anOutputInALockedFolderSaysSo() throws {
    let dir = try folder()
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path) }
    let result = try cli.run(["cart", cart, "--output", dir.path + "/x.html"])
    #expect(result.status == 73)
    #expect(
      result.stderr == "Error: cannot write '\(dir.path)/x.html': no permission to write in the folder '\(dir.path)'\n")
  }
}
