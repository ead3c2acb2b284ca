/// Exit statuses, per the contract (BSD sysexits numbers).
enum ExitCode: Int32 {
  case success = 0
  /// `snapshot`: a rendering differs from its golden file, or the file is missing
  /// under `--record never`.
  case snapshotsDiffer = 1
  /// EX_USAGE: bad command line.
  case usage = 64
  /// EX_DATAERR: invalid JSON or a broken rule in the input.
  case dataError = 65
  /// EX_NOINPUT: an input file cannot be read.
  case noInput = 66
  /// EX_UNAVAILABLE: `serve` cannot load a library it needs, or its session store (Redis)
  /// does not answer.
  case unavailable = 69
  /// EX_SOFTWARE: a bug in the engine.
  case internalError = 70
  /// EX_CANTCREAT: the `--output` file cannot be written.
  case cannotCreate = 73
  /// EX_IOERR: standard output cannot be written (closed, full, a broken pipe).
  case outputError = 74
}

extension ExitCode {
  /// What the status means, as help's EXIT STATUS says it unless a subcommand says more.
  var meaning: String {
    switch self {
    case .success: "done"
    case .snapshotsDiffer: "a snapshot differs or is missing under --record never"
    case .usage: "bad command line"
    case .dataError: "bad input data (one line per problem on standard error: FILE: $.json.path: message)"
    case .noInput: "a file cannot be read"
    case .unavailable: "a service or library it needs is unavailable"
    case .internalError: "internal error"
    case .cannotCreate: "the --output file cannot be written"
    case .outputError: "standard output cannot be written (closed, full, a broken pipe)"
    }
  }

  /// Help's EXIT STATUS section: `statuses` in order, each with its ``meaning`` or the
  /// subcommand's own words from `meanings`, wrapped under a two-space indent.
  static func helpSection(_ statuses: [ExitCode], meanings: [ExitCode: String], width: Int = 80) -> String {
    let items = statuses.map { "\($0.rawValue) \(meanings[$0] ?? $0.meaning)" }.joined(separator: ", ") + "."
    var lines: [String] = []
    var line = ""
    for word in items.split(separator: " ") {
      if !line.isEmpty, 2 + line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return "EXIT STATUS:\n" + lines.map { "  \($0)\n" }.joined()
  }
}
