import Foundation

extension StringsCommand {
  /// `strings review LANG`: serves the review page (``StringsReviewServer``) until SIGTERM
  /// or SIGINT. The catalog must exist and read as the catalogs do before it listens.
  func review(_ tag: String, _ options: StringsOptions) throws -> Outcome {
    guard FileManager.default.fileExists(atPath: catalogURL(tag, options).path) else {
      throw RunFailure.noInput(
        "cannot read '\(catalogURL(tag, options).path)': no such file; add the language first (locales/README.md)")
    }
    let server = try StringsReviewServer(tag: tag, options: options, inputs: inputs)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let port: Int
    do { port = try server.start(port: options.port) } catch {
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      return Outcome(
        status: error.isLibraryMissing ? .unavailable : .usage, standardError: "Error: \(error.description)\n")
    }
    try? FileHandle.standardOutput.write(contentsOf: Data("listening on http://127.0.0.1:\(port)/\n".utf8))
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
    return Outcome(status: .success)
  }
}
