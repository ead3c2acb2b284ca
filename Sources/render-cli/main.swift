import Foundation

// A closed pipe is reported as a write error (exit 74), not a silent death by signal.
signal(SIGPIPE, SIG_IGN)
let outcome = Runner(inputs: .live).run(Array(CommandLine.arguments.dropFirst()))
var status = outcome.status
if let errorNumber = StandardOutput.write(outcome.standardOutputBytes) {
  // Standard output is closed, full or a broken pipe: say so once, without a trace.
  status = .outputError
  let reason = SystemErrorText.describe(POSIXError(POSIXErrorCode(rawValue: errorNumber) ?? .EIO))
  try? FileHandle.standardError.write(contentsOf: Data("Error: cannot write to standard output: \(reason)\n".utf8))
}
try? FileHandle.standardError.write(contentsOf: Data(outcome.standardError.utf8))
exit(status.rawValue)
