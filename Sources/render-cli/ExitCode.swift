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
  /// EX_UNAVAILABLE: `serve`'s session store (Redis) does not answer.
  case unavailable = 69
  /// EX_SOFTWARE: a bug in the engine.
  case internalError = 70
  /// EX_CANTCREAT: the `--output` file cannot be written.
  case cannotCreate = 73
  /// EX_IOERR: standard output cannot be written (closed, full, a broken pipe).
  case outputError = 74
}
