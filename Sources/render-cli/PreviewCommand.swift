import FallbackServer
import Foundation
import HTTPServer
import LivePreview
import RenderCore

/// `render-cli preview`'s options.
struct PreviewOptions: Equatable {
  /// The files previewed, in order: carts, form requests, statuses, transcripts.
  var files: [String]
  var configPath: String?
  /// `--previous`: the cart shown before each cart file (its update and animation).
  var previous: String?
  /// 0 takes a free port.
  var port = 0
}

extension SubcommandDeclarations {
  static let preview = SubcommandDeclaration<PreviewOptions>(
    .preview, abstract: "Preview screens in a browser, live as files change.",
    overview: """
      Preview the screens FILEs describe in a browser, on 127.0.0.1
      only: each screen is the page serve sends, in a frame, beside controls
      for the locale, region, currency, light or dark, text size, phone width
      and the text rendering. Saving a file shows the change within a second;
      a file that does not read shows its errors beside the last good rendering.
      """, usage: "FILE... [--config FILE] [--previous FILE] [--port N]",
    arguments: [
      ArgumentDeclaration(
        name: "FILE",
        help: """
          A cart, a form request (with "request"), a status
          ({"status": "paymentCompleted"}) or a session
          transcript (.jsonl, as replay reads).
          """)
    ],
    options: [
      config.withHelp(
        """
        Session configuration JSON, watched as the files are.
        Default: USD, US, https://example.com/privacy.
        """
      ).lifted(\.configPath),
      OptionDeclaration(
        "--previous", value: "file",
        help: """
          The cart shown before each cart FILE: adds its update,
          with a button that plays the animation again.
          """, into: \.previous),
      .port(help: "Port on 127.0.0.1; 0 takes a free one. Default: 0.", into: \.port),
    ],
    sections: """
      OUTPUT:
        'listening on http://127.0.0.1:PORT/' on standard output when ready: open it
        in a browser. It runs until SIGINT (Ctrl-C) or SIGTERM (exit 0).

      """,
    exitStatuses: [.success, .usage, .noInput, .unavailable],
    exitMeanings: [
      .success: "stopped by a signal",
      .usage: "bad command line, or a port it cannot listen on",
      .noInput: "a FILE cannot be read when it starts",
      .unavailable: "libmicrohttpd cannot be loaded",
    ],
    make: { positionals throws(UsageError) in
      guard !positionals.isEmpty else { throw UsageError("Missing FILE to preview.") }
      return PreviewOptions(files: positionals)
    },
    check: { options throws(UsageError) in
      if ([options.configPath, options.previous] + options.files.map { $0 }).contains("-") {
        throw UsageError("A preview watches files: standard input (-) cannot be watched.")
      }
    }, command: { .preview($0) })
}

/// Runs `render-cli preview` until SIGTERM or SIGINT: reads the files as `cart`, `form`,
/// `status` and `replay` read them (``PreviewReading``), serves them
/// (``PreviewServer``) and reads them again every quarter second, pushing each change
/// to the open pages.
struct PreviewCommand {
  var inputs: InputFiles
  /// Between two looks at the files.
  static let interval = 0.25

  func run(_ options: PreviewOptions) -> Outcome {
    let paths = options.files + [options.configPath, options.previous].compactMap { $0 }
    for path in paths {
      do { _ = try Watched.read(path, inputs: inputs) } catch { return Runner.report(error) }
    }
    var watched = Watched(inputs: inputs, options: options)
    watched.look()
    let server = PreviewServer(files: watched.files, configuration: watched.configuration)
    server.update(configuration: nil, problems: watched.configurationProblems)

    return LocalToolRun.serve(
      start: { () throws(HTTPDaemon.StartError) in try server.start(port: options.port) }, stop: { server.stop() }
    ) {
      let watcher = Thread { [watched] in
        var watched = watched
        while true {
          Thread.sleep(forTimeInterval: Self.interval)
          let changed = watched.look()
          if changed.configuration {
            server.update(configuration: watched.configuration, problems: watched.configurationProblems)
          }
          for index in changed.files { server.update(file: index, watched.files[index]) }
        }
      }
      watcher.name = "preview-watch"
      watcher.start()
    }
  }
}

/// The watched files' bytes as last read, and what they read as.
struct Watched: Sendable {
  let inputs: InputFiles
  let options: PreviewOptions
  private var bytes: [String: Result<[UInt8], RunFailure>] = [:]
  private(set) var files: [PreviewFile] = []
  private(set) var configuration = SessionConfiguration.default
  private(set) var configurationProblems: [String] = []

  init(inputs: InputFiles, options: PreviewOptions) {
    self.inputs = inputs
    self.options = options
  }

  /// Reads every file; when one changed, reads them all as screens again (a changed
  /// configuration or previous cart changes how the others read).
  /// - Returns: whether the configuration's reading changed, and the files whose did.
  @discardableResult
  mutating func look() -> (configuration: Bool, files: [Int]) {
    var changed = files.isEmpty
    for path in options.files + [options.configPath, options.previous].compactMap({ $0 }) {
      let read: Result<[UInt8], RunFailure>
      do { read = .success(try Self.read(path, inputs: inputs).bytes) } catch { read = .failure(error) }
      if !Self.same(bytes[path], read) {
        bytes[path] = read
        changed = true
      }
    }
    guard changed else { return (false, []) }
    var configurationChanged = false
    if let path = options.configPath {
      do {
        configuration = try input(path).decode { json throws(DataErrors) in try SessionConfiguration(json: json) }
        configurationProblems = []
      } catch {
        configurationProblems = PreviewReading.lines(error)
      }
      configurationChanged = true
    }
    let previous = options.previous.flatMap { try? input($0) }
    var previousProblems: [String] = []
    if let path = options.previous {
      do { _ = try input(path) } catch { previousProblems = PreviewReading.lines(error) }
    }
    var next: [PreviewFile] = []
    for (index, path) in options.files.enumerated() {
      let earlier = files.indices.contains(index) ? files[index] : nil
      var file: PreviewFile
      do {
        let kind = earlier?.renderer == nil ? nil : earlier?.kind
        file = PreviewReading.file(try input(path), previous: previous, configuration: configuration, kind: kind)
      } catch {
        file = PreviewFile(
          label: path, kind: earlier?.kind ?? "file", problems: PreviewReading.lines(error), renderer: nil)
      }
      if PreviewReading.isCart(file), !previousProblems.isEmpty { file.problems += previousProblems }
      // The last good rendering stays while the file has problems.
      if !file.problems.isEmpty { file.renderer = earlier?.renderer }
      next.append(file)
    }
    files = next
    return (configurationChanged, Array(files.indices))
  }

  private func input(_ path: String) throws(RunFailure) -> Input {
    switch bytes[path] {
    case .success(let bytes): return Input(label: path, bytes: bytes)
    case .failure(let failure): throw failure
    case nil: return try Self.read(path, inputs: inputs)
    }
  }

  /// `path` read as `inputs` reads it, when it is a regular file (or a link to one). A
  /// named pipe would block the open until a writer came, and the watcher with it, for
  /// good; a device such as `/dev/zero` would be read to the limit four times a second.
  static func read(_ path: String, inputs: InputFiles) throws(RunFailure) -> Input {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
      throw RunFailure.noInput("cannot watch '\(path)': not a regular file (a preview watches files)")
    }
    return try inputs.read(path)
  }

  private static func same(_ old: Result<[UInt8], RunFailure>?, _ new: Result<[UInt8], RunFailure>) -> Bool {
    switch (old, new) {
    case (.success(let a), .success(let b)): return a == b
    case (.failure(let a), .failure(let b)): return PreviewReading.lines(a) == PreviewReading.lines(b)
    default: return false
    }
  }
}
