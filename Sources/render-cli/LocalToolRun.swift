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
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let port: Int
    do { port = try start() } catch {
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      return Outcome(
        status: error.isLibraryMissing ? .unavailable : .usage, standardError: "Error: \(error.description)\n")
    }
    try? FileHandle.standardOutput.write(contentsOf: Data("listening on http://127.0.0.1:\(port)/\n".utf8))
    started()
    var received: Int32 = 0
    sigwait(&signals, &received)
    stop()
    return Outcome(status: .success)
  }
}
