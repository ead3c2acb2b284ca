import Dispatch
import Foundation
import Synchronization

/// One headless Chromium, started from this process and driven over the DevTools
/// protocol through `--remote-debugging-pipe`: every page of a run is captured in it,
/// several at once in separate browser contexts (``capture(_:parallelism:)``).
///
/// The browser is started with fixed flags so that the same page gives the same pixels on
/// any machine with the same browser: sRGB colour, no font hinting, greyscale
/// anti-aliasing, software rendering, no scroll bars, Skia's portable code paths, English
/// UI, UTC; and with fonts from ``fontConfiguration`` alone (Debian's Noto fonts), not
/// the machine's. Its state lives in a run folder removed by ``close()``, in memory
/// (`/dev/shm`) where there is one (``runFolderParent``).
///
/// Thread-safe: commands may be sent from any thread; each waits for its own answer.
package final class BrowserSession: Sendable {
  /// Where Debian's Chromium is: the browser itself, not `/usr/bin/chromium`, the launcher
  /// script that adds the machine's own flags from `/etc/chromium.d`.
  package static let defaultExecutable = "/usr/lib/chromium/chromium"

  /// The flags every run uses (besides the pipe, the profile folder and, as root,
  /// `--no-sandbox`). Each of the first keeps pixels the same from one machine or run to
  /// the next; the last spare the browser work.
  package static let renderingFlags = [
    "--headless", "--force-color-profile=srgb", "--font-render-hinting=none", "--disable-lcd-text",
    "--disable-gpu", "--disable-gpu-rasterization", "--disable-gpu-compositing", "--disable-skia-runtime-opts",
    "--hide-scrollbars", "--lang=en-US", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
    "--disable-sync", "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
    "--mute-audio", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows", "--run-all-compositor-stages-before-draw",
    "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,"
      + "SpareRendererForSitePerProcess,CertificateTransparencyComponentUpdater,DialMediaRouteProvider,"
      + "InterestFeedContentSuggestions",
    // Work a run never needs, off so that the browser starts and runs with less: crash
    // reports, the hang monitor, phishing checks, reports to Google, a renderer process
    // started ahead for a tab never opened (the spare renderer above), the password store.
    "--disable-breakpad", "--disable-hang-monitor", "--disable-client-side-phishing-detection",
    "--disable-domain-reliability", "--metrics-recording-only", "--password-store=basic",
    "--disable-search-engine-choice-screen", "--disable-notifications",
  ]

  /// The fontconfig file the browser reads (through `FONTCONFIG_FILE`): Debian's Noto
  /// fonts only (`fonts-noto-core`, `fonts-noto-cjk`, `fonts-noto-color-emoji`:
  /// ``requiredFonts``), Noto Sans for `system-ui` and
  /// `sans-serif`, no hinting, greyscale anti-aliasing. `CACHE` is replaced by a folder
  /// of the run for a cache fontconfig cannot write to the system's.
  package static let fontConfiguration = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <dir>/usr/share/fonts/truetype/noto</dir>
      <dir>/usr/share/fonts/opentype/noto</dir>
      <cachedir>/var/cache/fontconfig</cachedir>
      <cachedir>CACHE</cachedir>
      <alias binding="same"><family>system-ui</family><prefer><family>Noto Sans</family></prefer></alias>
      <alias binding="same"><family>sans-serif</family><prefer><family>Noto Sans</family></prefer></alias>
      <alias binding="same"><family>serif</family><prefer><family>Noto Serif</family></prefer></alias>
      <alias binding="same"><family>monospace</family><prefer><family>Noto Sans Mono</family></prefer></alias>
      <match target="font">
        <edit name="antialias" mode="assign"><bool>true</bool></edit>
        <edit name="hinting" mode="assign"><bool>false</bool></edit>
        <edit name="autohint" mode="assign"><bool>false</bool></edit>
        <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
        <edit name="rgba" mode="assign"><const>none</const></edit>
        <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
        <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
      </match>
    </fontconfig>

    """

  /// A file of each font package ``fontConfiguration`` draws from: Noto Sans and its
  /// scripts' families, CJK, and colour emoji (what a merchant may put in an item's name).
  /// A run on a machine without one stops at once, naming it, instead of drawing those
  /// characters as empty boxes that a golden image would then keep.
  package static let requiredFonts: [(package: String, file: String)] = [
    ("fonts-noto-core", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"),
    ("fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    ("fonts-noto-color-emoji", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
  ]

  /// The entries of `fonts` whose file is not there.
  static func missingFonts(_ fonts: [(package: String, file: String)] = requiredFonts)
    -> [(package: String, file: String)]
  {
    fonts.filter { !FileManager.default.fileExists(atPath: $0.file) }
  }

  /// The browser's product and version, as it reports them: `HeadlessChrome/156.0.8078.114`.
  package let version: String
  /// How long a command may take.
  package let timeout: Double
  private let process: BrowserProcess
  private let dispatcher: Dispatcher
  /// The run's folder: profile, fontconfig file, log, pages.
  let folder: URL
  /// The browser's process id, which is also its process group's.
  var processID: Int32 { process.pid }
  private let closed = Mutex(false)
  /// The descriptor of the run folder's lock (``runLockName``), held until ``close()``;
  /// nil when it could not be taken (then the process id alone speaks for the run).
  private let runLock: Int32?

  /// Whether a browser is at `executable`.
  package static func isAvailable(executable: String = defaultExecutable) -> Bool {
    FileManager.default.isExecutableFile(atPath: executable)
  }

  /// Starts the browser and asks for its version.
  /// - Parameters:
  ///   - executable: the Chromium binary.
  ///   - timeout: seconds a command may take, starting included.
  /// - Throws: ``BrowserError`` when it cannot be started or does not answer.
  package init(executable: String = defaultExecutable, timeout: Double = 60) throws(BrowserError) {
    guard Self.isAvailable(executable: executable) else {
      throw .cannotStart(reason: "no browser at \(executable) (Debian's chromium package; scripts/setup-browser)")
    }
    if let missing = Self.missingFonts().first {
      throw .cannotStart(
        reason: "no \(missing.file) (Debian's \(missing.package) package): scripts/setup-browser installs the fonts "
          + "every machine draws with")
    }
    let parent = Self.runFolderParent()
    let folder = parent.appending(path: "\(Self.runFolderPrefix)\(getpid())-\(UUID().uuidString.prefix(8))")
    do {
      try FileManager.default.createDirectory(at: folder.appending(path: "pages"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: folder.appending(path: "profile"), withIntermediateDirectories: true)
      let fonts = Self.fontConfiguration.replacingOccurrences(
        of: "<cachedir>CACHE</cachedir>", with: "<cachedir>\(folder.path)/fontconfig</cachedir>")
      try Data(fonts.utf8).write(to: folder.appending(path: "fonts.conf"))
    } catch {
      throw .cannotStart(reason: "cannot make \(folder.path): \(error.localizedDescription)")
    }
    runLock = BrowserProcess.lock(folder.appending(path: Self.runLockName).path)
    var arguments =
      Self.renderingFlags + [
        "--remote-debugging-pipe", "--user-data-dir=\(folder.path)/profile", "about:blank",
      ]
    if geteuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
    let environment = [
      "FONTCONFIG_FILE": folder.appending(path: "fonts.conf").path,
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_CACHE_HOME": folder.path,
      "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "disabled:",
    ]
    let logPath = folder.appending(path: "browser.log").path
    process = try BrowserProcess(
      executable: executable, arguments: arguments, environment: environment, logPath: logPath)
    dispatcher = Dispatcher(logPath: logPath)
    self.folder = folder
    self.timeout = timeout
    let process = self.process
    let dispatcher = self.dispatcher
    let reader = Thread {
      process.readMessages { dispatcher.deliver($0) }
      dispatcher.browserExited()
    }
    reader.name = "BrowserSession reader"
    reader.start()
    // While the browser starts: the folders of runs that ended without removing theirs
    // (a run killed), which would otherwise fill the memory of /dev/shm.
    for place in Set([parent, FileManager.default.temporaryDirectory]) {
      Self.removeFoldersOfEndedRuns(in: place)
    }
    do {
      let reply = try dispatcher.call(process, "Browser.getVersion", [:], session: nil, timeout: timeout)
      version = reply["product"]?.string ?? "unknown"
    } catch {
      process.kill()
      try? FileManager.default.removeItem(at: folder)
      if let runLock { BrowserProcess.unlock(runLock) }
      throw error
    }
  }

  deinit { close() }

  /// Sends a DevTools command and waits for its result.
  /// - Parameters:
  ///   - method: `Domain.method`, e.g. `Page.navigate`.
  ///   - parameters: its parameters, an object.
  ///   - session: the target's session (from `Target.attachToTarget`); nil for the browser.
  /// - Returns: the command's result object.
  /// - Throws: ``BrowserError/refused(method:message:)`` with the browser's message,
  ///   ``BrowserError/timedOut(method:seconds:)``, ``BrowserError/exited(log:)``.
  package func send(_ method: String, _ parameters: DevToolsValue = [:], session: String? = nil) throws(BrowserError)
    -> DevToolsValue
  {
    try dispatcher.call(process, method, parameters, session: session, timeout: timeout)
  }

  /// Sends a command and waits for it and for the event `event` of the same session,
  /// which the command causes (`Page.navigate` and `Page.loadEventFired`).
  /// - Returns: the event's parameters.
  package func send(
    _ method: String, _ parameters: DevToolsValue = [:], session: String, awaiting event: String
  ) throws(BrowserError) -> DevToolsValue {
    let wait = dispatcher.expect(event, session: session)
    _ = try dispatcher.call(process, method, parameters, session: session, timeout: timeout)
    return try dispatcher.wait(for: wait, method: event, timeout: timeout)
  }

  /// Sends `commands` of one session one after the other without waiting between them,
  /// then waits for every answer, and for `event` of the session when one is named: the
  /// browser handles a session's commands in the order sent, so this does what sending
  /// them one by one does, with one round trip instead of one each.
  /// - Returns: the commands' results in order, then the event's parameters.
  /// - Throws: the first command's error, as ``send(_:_:session:)`` throws it.
  package func send(
    _ commands: [(method: String, parameters: DevToolsValue)], session: String, awaiting event: String? = nil
  ) throws(BrowserError) -> [DevToolsValue] {
    let eventSlot = event.map { dispatcher.expect($0, session: session) }
    var pending: [Dispatcher.Pending] = []
    for command in commands {
      pending.append(try dispatcher.start(process, command.method, command.parameters, session: session))
    }
    var results: [DevToolsValue] = []
    for call in pending {
      results.append(try dispatcher.finish(call, timeout: timeout))
    }
    if let eventSlot, let event {
      results.append(try dispatcher.wait(for: eventSlot, method: event, timeout: timeout))
    }
    return results
  }

  /// A new tab in a browser context of its own (its own renderer process, so tabs run
  /// in parallel), ready to capture pages.
  package func newPage() throws(BrowserError) -> PageCapture {
    let context = try send("Target.createBrowserContext", ["disposeOnDetach": true])
    guard let contextID = context["browserContextId"]?.string else {
      throw .unexpectedReply(method: "Target.createBrowserContext")
    }
    let target = try send("Target.createTarget", ["url": "about:blank", "browserContextId": .string(contextID)])
    guard let targetID = target["targetId"]?.string else { throw .unexpectedReply(method: "Target.createTarget") }
    let attached = try send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
    guard let sessionID = attached["sessionId"]?.string else { throw .unexpectedReply(method: "Target.attachToTarget") }
    return try PageCapture(browser: self, session: sessionID, targetID: targetID, contextID: contextID)
  }

  /// Captures every job, `parallelism` pages at a time (each in its own tab), and
  /// returns the results in the jobs' order. A job that fails leaves the others running.
  package func capture(_ jobs: [CaptureJob], parallelism: Int = ProcessInfo.processInfo.activeProcessorCount)
    -> [Result<PageCapture.Capture, BrowserError>]
  {
    let workers = max(1, min(parallelism, jobs.count))
    let run = CaptureRun(jobs: jobs)
    // A thread per tab, not `concurrentPerform`, which runs no more at once than there are
    // cores, whatever `parallelism` asks. (More tabs than cores, measured, bought nothing
    // on a busy machine: each tab's first page is a navigation and a renderer process.)
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<workers {
      let thread = Thread { [self] in
        defer { finished.signal() }
        let page: PageCapture
        do throws(BrowserError) {
          page = try newPage()
        } catch {
          // The others take this worker's jobs; if none could open a tab, jobs stay nil.
          return
        }
        defer { page.close() }
        run.work(page)
      }
      thread.name = "BrowserSession tab"
      thread.start()
    }
    for _ in 0..<workers { finished.wait() }
    return run.results.withLock { all in
      all.map { $0 ?? .failure(.cannotStart(reason: "no tab could be opened")) }
    }
  }

  /// Closes the browser (waiting briefly for it to exit) and removes its folder. Later
  /// commands fail with ``BrowserError/exited(log:)``.
  package func close() {
    let wasClosed = closed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    process.kill()
    try? FileManager.default.removeItem(at: folder)
    if let runLock { BrowserProcess.unlock(runLock) }
  }

  /// The file in a run folder whose `flock(2)` the run holds while it lives.
  static let runLockName = "run.lock"

  /// How a run folder's name begins: `headless-browser-<pid>-<8 hex digits>`.
  static let runFolderPrefix = "headless-browser-"

  /// Where run folders are made: `/dev/shm` (memory: the profile the browser writes as it
  /// starts and the pages it navigates to never reach a disk) when it is a folder this
  /// user may write to, the temporary folder otherwise.
  package static func runFolderParent() -> URL {
    let memory = "/dev/shm"
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: memory, isDirectory: &isFolder), isFolder.boolValue,
      FileManager.default.isWritableFile(atPath: memory)
    {
      return URL(filePath: memory, directoryHint: .isDirectory)
    }
    return FileManager.default.temporaryDirectory
  }

  /// The process id in a run folder's name, `headless-browser-<pid>-<8 hex digits>`; nil
  /// for any other name.
  static func runFolderProcess(_ name: String) -> pid_t? {
    guard name.hasPrefix(runFolderPrefix) else { return nil }
    let parts = name.dropFirst(runFolderPrefix.count).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let digits = parts[0].utf8
    let hex = parts[1].utf8
    guard (1...10).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
      hex.count == 8,
      hex.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }),
      let pid = pid_t(parts[0]), pid > 0
    else { return nil }
    return pid
  }

  /// Removes from `parent` the run folders of runs that ended without removing their own:
  /// only real folders (not links) of this user, named as ``runFolderProcess(_:)`` reads,
  /// whose process no longer runs and whose lock (``runLockName``) no one holds. Everything
  /// else is left alone: another user's folders, a running process's, a run's in another
  /// PID namespace sharing the folder (its id means nothing here; its lock does), any other name.
  /// - Returns: the names removed.
  @discardableResult
  package static func removeFoldersOfEndedRuns(in parent: URL) -> [String] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return [] }
    var removed: [String] = []
    for name in names {
      guard let pid = runFolderProcess(name), !BrowserProcess.isRunning(pid) else { continue }
      let path = parent.appending(path: name).path
      guard !BrowserProcess.isLocked(path + "/" + runLockName) else { continue }
      // The item itself, not what a link points to.
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeDirectory,
        (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == BrowserProcess.user
      else { continue }
      if (try? manager.removeItem(atPath: path)) != nil { removed.append(name) }
    }
    return removed
  }
}

/// One page to capture: its HTML, the device it is shown on, and a script whose result
/// comes back with the image.
package struct CaptureJob: Sendable {
  package let html: String
  package let profile: DeviceProfile
  /// An expression evaluated in the page after it has settled, before the capture; its
  /// value (awaited if a promise) comes back as ``PageCapture/Capture/scriptResult``.
  package let script: String?

  package init(html: String, profile: DeviceProfile, script: String? = nil) {
    self.html = html
    self.profile = profile
    self.script = script
  }
}

/// The jobs of one ``BrowserSession/capture(_:parallelism:)`` and their results, shared by
/// its tabs: each takes the next job not taken.
private final class CaptureRun: Sendable {
  let jobs: [CaptureJob]
  let results: Mutex<[Result<PageCapture.Capture, BrowserError>?]>
  /// The jobs' indices, those of one profile together (profiles in the order they first
  /// come), so that a tab mostly takes a page at the profile it has just shown, which it
  /// loads without a navigation (``PageCapture/capture(html:profile:script:)``).
  private let order: [Int]
  private let next = Atomic(0)

  init(jobs: [CaptureJob]) {
    self.jobs = jobs
    results = Mutex(Array(repeating: nil, count: jobs.count))
    var profiles: [DeviceProfile] = []
    var indices: [DeviceProfile: [Int]] = [:]
    for (index, job) in jobs.enumerated() {
      if indices[job.profile] == nil { profiles.append(job.profile) }
      indices[job.profile, default: []].append(index)
    }
    order = profiles.flatMap { indices[$0] ?? [] }
  }

  /// Captures jobs in `page` until none is left.
  func work(_ page: PageCapture) {
    while true {
      let position = next.add(1, ordering: .relaxed).oldValue
      guard position < order.count else { return }
      let index = order[position]
      let job = jobs[index]
      let result: Result<PageCapture.Capture, BrowserError>
      do throws(BrowserError) {
        result = .success(try page.capture(html: job.html, profile: job.profile, script: job.script))
      } catch {
        result = .failure(error)
      }
      results.withLock { $0[index] = result }
    }
  }
}

/// Matches answers and events from the browser to the threads waiting for them.
final class Dispatcher: Sendable {
  /// Where one answer or event is handed over.
  final class Slot: Sendable {
    let ready = DispatchSemaphore(value: 0)
    let value = Mutex<Result<DevToolsValue, BrowserError>?>(nil)

    func fill(_ result: Result<DevToolsValue, BrowserError>) {
      let first = value.withLock { value in
        guard value == nil else { return false }
        value = result
        return true
      }
      if first { ready.signal() }
    }
  }

  private struct State: ~Copyable {
    var nextID = 1
    var calls: [Int: Slot] = [:]
    var events: [String: [Slot]] = [:]
    var exited = false
  }

  private let state = Mutex(State())
  private let logPath: String

  init(logPath: String) { self.logPath = logPath }

  /// A command sent, its answer not yet waited for.
  struct Pending {
    let id: Int
    let method: String
    let slot: Slot
  }

  func call(
    _ process: BrowserProcess, _ method: String, _ parameters: DevToolsValue, session: String?, timeout: Double
  ) throws(BrowserError) -> DevToolsValue {
    try finish(start(process, method, parameters, session: session), timeout: timeout)
  }

  /// Sends a command; ``finish(_:timeout:)`` waits for its answer.
  func start(
    _ process: BrowserProcess, _ method: String, _ parameters: DevToolsValue, session: String?
  ) throws(BrowserError) -> Pending {
    let slot = Slot()
    let registered: Int? = state.withLock { state in
      guard !state.exited else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.calls[id] = slot
      return id
    }
    guard let id = registered else { throw .exited(log: logTail()) }
    var message: [String: DevToolsValue] = ["id": .number(Double(id)), "method": .string(method), "params": parameters]
    if let session { message["sessionId"] = .string(session) }
    guard process.send(DevToolsValue.object(message).json()) else {
      _ = state.withLock { $0.calls.removeValue(forKey: id) }
      throw .exited(log: logTail())
    }
    return Pending(id: id, method: method, slot: slot)
  }

  /// Waits for the answer to a command ``start(_:_:_:session:)`` sent.
  func finish(_ call: Pending, timeout: Double) throws(BrowserError) -> DevToolsValue {
    return try wait(for: call.slot, method: call.method, timeout: timeout) {
      _ = self.state.withLock { $0.calls.removeValue(forKey: call.id) }
    }
  }

  /// A slot the next event `method` of `session` fills.
  func expect(_ method: String, session: String) -> Slot {
    let slot = Slot()
    state.withLock { state in
      if state.exited {
        slot.fill(.failure(.exited(log: "")))
      } else {
        state.events[session + " " + method, default: []].append(slot)
      }
    }
    return slot
  }

  func wait(
    for slot: Slot, method: String, timeout: Double, onTimeout: () -> Void = {}
  ) throws(BrowserError) -> DevToolsValue {
    if slot.ready.wait(timeout: .now() + timeout) == .timedOut {
      onTimeout()
      throw .timedOut(method: method, seconds: timeout)
    }
    switch slot.value.withLock({ $0 }) {
    case .success(let value): return value
    case .failure(let error): throw error.completed(method: method, log: logTail())
    case nil: throw .unexpectedReply(method: method)
    }
  }

  /// Hands one message to whoever waits for it; events nobody waits for are dropped.
  func deliver(_ bytes: [UInt8]) {
    guard let message = DevToolsValue.parse(bytes) else { return }
    if let id = message["id"]?.number {
      guard let slot = state.withLock({ $0.calls.removeValue(forKey: Int(id)) }) else { return }
      if let error = message["error"] {
        slot.fill(.failure(.refused(method: "", message: error["message"]?.string ?? "no reason given")))
      } else {
        slot.fill(.success(message["result"] ?? [:]))
      }
    } else if let method = message["method"]?.string {
      let key = (message["sessionId"]?.string ?? "") + " " + method
      let slots = state.withLock { state in state.events.removeValue(forKey: key) ?? [] }
      for slot in slots { slot.fill(.success(message["params"] ?? [:])) }
    }
  }

  /// Fails every waiting call and event: the pipe has closed.
  func browserExited() {
    let waiting = state.withLock { state in
      state.exited = true
      let slots = Array(state.calls.values) + state.events.values.flatMap { $0 }
      state.calls = [:]
      state.events = [:]
      return slots
    }
    for slot in waiting { slot.fill(.failure(.exited(log: ""))) }
  }

  /// The last lines of the browser's log.
  func logTail() -> String {
    guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(5)
    return lines.joined(separator: "\n")
  }
}

extension BrowserError {
  /// The error with the browser's log where it exited, and the command's name where the
  /// browser refused one.
  fileprivate func completed(method: String, log: String) -> BrowserError {
    switch self {
    case .exited: .exited(log: log)
    case .refused(_, let message): .refused(method: method, message: message)
    default: self
    }
  }
}
