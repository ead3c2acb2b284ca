import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The browser's process and the two pipes of `--remote-debugging-pipe`: the browser
/// reads commands from its file descriptor 3 and writes replies and events to its 4, each
/// message a JSON text ended by a NUL byte. The browser leads a process group of its own,
/// which its helpers (zygote, renderers, GPU and utility processes) join, so that
/// ``kill()`` ends them all at once. The one file of this module that calls the C library
/// (posix_spawn, pipes, read, write, kill, waitpid).
final class BrowserProcess: Sendable {
  let pid: pid_t
  /// Our end of the browser's descriptor 3 (we write).
  private let commands: Int32
  /// Our end of the browser's descriptor 4 (we read).
  private let replies: Int32

  /// Starts `executable` with `arguments` (not including argv[0]) in `environment`, its
  /// standard input from /dev/null and its standard output and error appended to `logPath`.
  /// - Throws: ``BrowserError/cannotStart`` with the system's reason.
  init(executable: String, arguments: [String], environment: [String: String], logPath: String) throws(BrowserError) {
    // A browser that dies would otherwise kill this process on the next write.
    signal(SIGPIPE, SIG_IGN)
    var toBrowser: [Int32] = [-1, -1]
    var fromBrowser: [Int32] = [-1, -1]
    guard pipe(&toBrowser) == 0 else { throw .cannotStart(reason: Self.reason()) }
    guard pipe(&fromBrowser) == 0 else {
      close(toBrowser[0])
      close(toBrowser[1])
      throw .cannotStart(reason: Self.reason())
    }
    // Every end moved to 10 or above and marked close-on-exec (Glibc's module does not
    // export pipe2), so no dup2 below maps a descriptor onto itself, which would leave
    // the flag set, and no other child started meanwhile keeps them past its exec.
    let ends = (toBrowser + fromBrowser).map { fd -> Int32 in
      let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
      close(fd)
      return moved
    }
    guard ends.allSatisfy({ $0 >= 10 }) else {
      ends.filter { $0 >= 0 }.forEach { close($0) }
      throw .cannotStart(reason: Self.reason())
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    posix_spawn_file_actions_adddup2(&actions, ends[0], 3)
    posix_spawn_file_actions_adddup2(&actions, ends[3], 4)
    // Nothing else of this process reaches the browser: a descriptor another thread opened
    // without close-on-exec (Foundation's `Pipe` does) would otherwise live as long as the
    // browser, and whoever reads that pipe's other end would wait for its end as long.
    Self.closeFrom(5, in: &actions)

    // Safety: every strdup'd string lives until after posix_spawn returns and is freed
    // once; both arrays end with the nil the C side expects.
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // Its own process group (0: the group of the child's own id), ended whole by kill().
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(ends[0])
    close(ends[3])
    guard status == 0 else {
      close(ends[1])
      close(ends[2])
      throw .cannotStart(reason: String(cString: strerror(status)))
    }
    self.pid = pid
    commands = ends[1]
    replies = ends[2]
  }

  /// Writes one message and its NUL. False when the browser has gone.
  func send(_ message: [UInt8]) -> Bool {
    var bytes = message
    bytes.append(0)
    var offset = 0
    while offset < bytes.count {
      // Safety: writes from inside the array's bounds, `count - offset` bytes at most.
      let written = bytes.withUnsafeBytes { raw in
        write(commands, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Reads messages until the browser closes its end, handing each (without its NUL) to
  /// `deliver` in order, then closes our end. Runs on the caller's thread; call once.
  func readMessages(_ deliver: ([UInt8]) -> Void) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      // Safety: reads at most the chunk's size into it.
      let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var start = 0
      for index in 0..<count where chunk[index] == 0 {
        pending.append(contentsOf: chunk[start..<index])
        deliver(pending)
        pending.removeAll(keepingCapacity: true)
        start = index + 1
      }
      pending.append(contentsOf: chunk[start..<count])
    }
    close(replies)
  }

  /// Closes our ends and kills the browser's process group at once, then reaps the
  /// browser. Nothing of the browser's state outlives a run (its folder is removed next),
  /// so nothing is lost by not letting it shut down, which a run would wait for. Call once.
  func kill() {
    close(commands)
    Glibc.kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  /// Takes an exclusive `flock(2)` on `path` (made if missing) and returns its descriptor,
  /// held until ``unlock(_:)``: a run folder's proof of life that, unlike a process id,
  /// holds across PID namespaces that share the folder (containers sharing `/dev/shm`).
  /// Close-on-exec, so the browser does not hold it; nil when it cannot be taken.
  static func lock(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Adds to `actions` the closing of every descriptor from `lowest` up:
  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later; Swift's Glibc module
  /// does not export it, so it is looked up by name), else a close of each descriptor open
  /// now, as `/proc/self/fd` lists them.
  private static func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    // Safety: the symbol, when found, is glibc's function of exactly this C signature
    // (spawn.h: `int (posix_spawn_file_actions_t *, int)`), called once with a valid pointer.
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
      let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
      if addCloseFrom(&actions, lowest) == 0 { return }
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor >= lowest {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  /// Lets go of a lock ``lock(_:)`` took.
  static func unlock(_ descriptor: Int32) { close(descriptor) }

  /// Whether a live process holds the lock on `path` (a missing file holds none).
  static func isLocked(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
  }

  /// Whether process `pid` runs: it exists, whoever owns it (a process of another user
  /// answers `EPERM`).
  static func isRunning(_ pid: pid_t) -> Bool {
    Glibc.kill(pid, 0) == 0 || errno == EPERM
  }

  /// The process group of `pid`; nil when there is no such process.
  static func processGroup(_ pid: pid_t) -> pid_t? {
    let group = getpgid(pid)
    return group < 0 ? nil : group
  }

  /// This process's real user id.
  static var user: uid_t { getuid() }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
