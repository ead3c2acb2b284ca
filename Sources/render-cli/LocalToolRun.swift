import Foundation
import HTTPServer

/// How a local tool's server runs from the command line (`preview`, `strings review`):
/// SIGINT and SIGTERM blocked before it starts so that no thread dies of them, then
/// started on 127.0.0.1, `listening on http://127.0.0.1:PORT/` printed, `started` run
/// (a watcher), and the process kept until one of the two signals, which stops it
/// (exit 0). A port it cannot listen on is a usage error (64); libmicrohttpd missing, 69.
enum LocalToolRun {
  static func serve(
    start: () throws(HTTPDaemon.StartError) -> Int, stop: () -> Void, started: () -> Void = {}
  ) -> Outcome {
    let signals = TerminationSignals.block()
    let port: Int
    do { port = try start() } catch {
      signals.unblock()
      return Outcome(
        status: error.isLibraryMissing ? .unavailable : .usage, standardError: "Error: \(error.description)\n")
    }
    try? FileHandle.standardOutput.write(contentsOf: Data("listening on http://127.0.0.1:\(port)/\n".utf8))
    started()
    signals.wait()
    stop()
    return Outcome(status: .success)
  }
}
