import Foundation
import Testing

@testable import HeadlessBrowser

/// A browser's run folder, and the folders runs that ended without removing theirs left:
/// only those are removed, nothing else that looks like one.
@Suite struct RunFolderTests {
  /// A folder of its own for one test, removed after it.
  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "run-folder-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The id of a process that has ended: a child started and waited for.
  static func endedProcess() throws -> Int32 {
    let child = Process()
    child.executableURL = URL(filePath: "/bin/true")
    try child.run()
    child.waitUntilExit()
    return child.processIdentifier
  }

  /// The processes of process group `group` that have not ended (a process ended but not
  /// reaped, a zombie, has; where the system's first process reaps none, they stay).
  static func liveMembers(ofGroup group: Int32) -> [String] {
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int32($0) != nil } ?? []
    return ids.compactMap { id -> String? in
      guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's name: state, parent, process group.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, Int32(fields[2]) == group, fields[0] != "Z" else { return nil }
      return "\(id) \(fields[0])"
    }
  }

  @Test func aRunFolderNameGivesItsProcess() {
    #expect(BrowserSession.runFolderProcess("headless-browser-1234-0123ABCD") == 1234)
    #expect(BrowserSession.runFolderProcess("headless-browser-1234-0123abcd") == 1234)
    for name in [
      "headless-browser-1234-0123ABC", "headless-browser-1234-0123ABCDE", "headless-browser-1234-0123ABCG",
      "headless-browser-1234-0123ABCD-x", "headless-browser--0123ABCD", "headless-browser-+123-0123ABCD",
      "headless-browser-12a4-0123ABCD", "xheadless-browser-1234-0123ABCD", "headless-browser-0-0123ABCD",
      "headless-browser-1234", "headless-browser-99999999999-0123ABCD", "headless-browser-1234-0123ABC\u{FF24}",
    ] {
      #expect(BrowserSession.runFolderProcess(name) == nil, "\(name)")
    }
  }

  @Test func onlyTheFoldersOfEndedRunsOfThisUserAreRemoved() throws {
    let parent = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: parent) }
    let manager = FileManager.default
    let ended = try Self.endedProcess()
    let running = ProcessInfo.processInfo.processIdentifier
    let stale = "headless-browser-\(ended)-0123ABCD"
    let staleLower = "headless-browser-\(ended)-89abcdef"
    let kept = [
      "headless-browser-\(running)-0123ABCD",  // a run still going
      "headless-browser-\(ended)-0123ABC",  // seven digits
      "headless-browser-\(ended)-0123ABCDE",  // nine
      "headless-browser-\(ended)-0123ABCG",  // not hexadecimal
      "headless-browser-\(ended)-0123ABCD-copy",
      "xheadless-browser-\(ended)-0123ABCD",
      "headless-browser-\(ended)",
    ]
    for name in [stale, staleLower] + kept {
      try manager.createDirectory(
        at: parent.appending(path: name).appending(path: "profile"), withIntermediateDirectories: true)
    }
    // A file and a link with a run folder's name; the link's target is someone's folder.
    let file = "headless-browser-\(ended)-0000FFFF"
    try Data("x".utf8).write(to: parent.appending(path: file))
    let target = "someone-else"
    try manager.createDirectory(at: parent.appending(path: target), withIntermediateDirectories: true)
    let link = "headless-browser-\(ended)-1111EEEE"
    try manager.createSymbolicLink(atPath: parent.appending(path: link).path, withDestinationPath: target)
    // Another user's folder (only root can make one).
    var others: [String] = []
    if getuid() == 0 {
      let other = "headless-browser-\(ended)-2222DDDD"
      try manager.createDirectory(at: parent.appending(path: other), withIntermediateDirectories: true)
      try manager.setAttributes([.ownerAccountID: 65534], ofItemAtPath: parent.appending(path: other).path)
      others.append(other)
    }

    let removed = BrowserSession.removeFoldersOfEndedRuns(in: parent)

    #expect(removed.sorted() == [stale, staleLower].sorted())
    let left = Set(try manager.contentsOfDirectory(atPath: parent.path))
    #expect(left == Set(kept + [file, target, link] + others))
  }

  @Test(.enabled(if: BrowserSession.isAvailable())) func aSessionLeavesNoProcessAndNoFolder() throws {
    let browser = try BrowserSession()
    let pid = browser.processID
    #expect(BrowserProcess.processGroup(pid) == pid, "the browser leads a process group of its own")
    let folder = browser.folder
    #expect(folder.path.hasPrefix(BrowserSession.runFolderParent().path))
    #expect(FileManager.default.fileExists(atPath: folder.path))
    browser.close()
    #expect(Self.liveMembers(ofGroup: pid).isEmpty, "processes of the browser's group are left")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  /// A descriptor this process has open without close-on-exec (Foundation's `Pipe` makes
  /// such) does not reach the browser: a pipe's write end closed here is its end at once,
  /// while the browser still runs, rather than when the browser ends.
  @Test(.enabled(if: BrowserSession.isAvailable())) func theBrowserHoldsNoDescriptorOfThisProcess() throws {
    let pipe = Pipe()
    let reading = pipe.fileHandleForReading.fileDescriptor
    let writing = pipe.fileHandleForWriting.fileDescriptor
    #expect(fcntl(writing, F_GETFD) & FD_CLOEXEC == 0, "the test needs a descriptor the browser could inherit")
    let browser = try BrowserSession()
    defer { browser.close() }
    try pipe.fileHandleForWriting.close()
    _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
    // A child another test starts meanwhile holds the end for the instant before its exec
    // closes it; the browser would hold it for good.
    var byte: UInt8 = 0
    let deadline = ContinuousClock.now + .seconds(2)
    var ended = read(reading, &byte, 1) == 0
    while !ended, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
      ended = read(reading, &byte, 1) == 0
    }
    #expect(ended, "the pipe's write end is still open somewhere")
  }

  /// A run in another PID namespace sharing the folder (a container sharing /dev/shm):
  /// its process id names no process here, but its lock is held, so its folder stays
  /// until the lock is let go.
  @Test func aFolderWhoseLockIsHeldStaysWhateverItsProcessId() throws {
    let parent = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: parent) }
    let name = "headless-browser-\(try Self.endedProcess())-4567CDEF"
    let folder = parent.appending(path: name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let lock = try #require(BrowserProcess.lock(folder.appending(path: BrowserSession.runLockName).path))
    #expect(BrowserSession.removeFoldersOfEndedRuns(in: parent).isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.path))
    BrowserProcess.unlock(lock)
    #expect(BrowserSession.removeFoldersOfEndedRuns(in: parent) == [name])
  }

  @Test func runFoldersAreInMemoryWhereThereIsSome() {
    let shm = "/dev/shm"
    guard FileManager.default.isWritableFile(atPath: shm) else { return }
    #expect(BrowserSession.runFolderParent().path == shm)
  }
}
