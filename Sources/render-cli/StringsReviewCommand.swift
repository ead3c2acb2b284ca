import Foundation
import HTTPServer

extension StringsCommand {
  /// `strings review LANG`: serves the review page (``StringsReviewServer``) until SIGTERM
  /// or SIGINT. The catalog must exist and read as the catalogs do before it listens.
  func review(_ tag: String, _ options: StringsOptions) throws -> Outcome {
    guard FileManager.default.fileExists(atPath: catalogURL(tag, options).path) else {
      throw RunFailure.noInput(
        "cannot read '\(catalogURL(tag, options).path)': no such file; add the language first (locales/README.md)")
    }
    let server = try StringsReviewServer(tag: tag, options: options, inputs: inputs)
    return LocalToolRun.serve(start: { () throws(HTTPDaemon.StartError) in try server.start(port: options.port) }) {
      server.stop()
    }
  }
}
