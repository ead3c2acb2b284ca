import Foundation
import PixelDiff
import PixelSnapshots
import SnapshotFiles
import SnapshotReview

extension Runner {
  /// What `snapshot --review` shows: every text and pixel file of the run that differs
  /// or is new, with its golden file as read (never through a link: ``SnapshotFile/golden()``).
  static func reviewItems(_ results: [SnapshotResult], pixels: [PixelSnapshotResult]) -> [ReviewItem] {
    var items: [ReviewItem] = []
    for result in results where result.outcome.isMismatch {
      var diff = ""
      if case .differs(let text) = result.outcome { diff = text }
      items.append(
        ReviewItem(
          subject: result.subject, localeTag: result.localeTag, variant: result.format.rawValue, file: result.file,
          content: .text(golden: result.file.contents(), new: result.rendering, diff: diff)))
    }
    for result in pixels where result.outcome.isMismatch && !result.png.isEmpty {
      var golden: [UInt8]?
      if case .found(let bytes) = result.file.golden() { golden = Array(bytes) }
      var summary = ""
      if case .differs(let text) = result.outcome { summary = text }
      items.append(
        ReviewItem(
          subject: result.subject, localeTag: result.localeTag, variant: result.profile.description, file: result.file,
          content: .pixels(
            golden: golden, new: result.png, diff: result.comparison.flatMap { try? PNGCodec.encode($0.diffImage) },
            summary: summary, width: result.profile.width),
          leftovers: [PixelFiles.actualURL(result.file.url), PixelFiles.diffURL(result.file.url)]))
    }
    return items
  }

  /// `snapshot --review`: prints `report`, then serves the review page on 127.0.0.1
  /// until its Done button, SIGINT (Ctrl-C) or SIGTERM.
  /// - Returns: the decisions, in the items' order, and the review's summary line.
  func serveReview(
    _ items: [ReviewItem], directory: URL, title: String, port: Int, report: String
  ) throws(RunFailure) -> (decisions: [ReviewDecision], line: String) {
    // Blocked before the server's threads start, so they inherit the mask and only the
    // waiting thread below takes the signal.
    let signals = TerminationSignals.block()
    let finished = DispatchSemaphore(value: 0)
    let server = ReviewServer(items: items, directory: directory, title: title, onDone: { finished.signal() })
    let listening: Int
    do {
      listening = try server.start(port: port)
    } catch {
      signals.unblock()
      throw error.isLibraryMissing ? .unavailable(error.description) : .cannotListen(error.description)
    }
    let files = items.count == 1 ? "1 file differs or is new" : "\(items.count) files differ or are new"
    let text =
      report + "review: \(files); accept or reject each in a browser, then press Done (or Ctrl-C)\n"
      + "listening on http://127.0.0.1:\(listening)/\n"
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    let waiter = Thread {
      signals.wait()
      finished.signal()
    }
    waiter.name = "review-signals"
    waiter.start()
    finished.wait()
    server.stop()
    return (server.decisions, server.summaryLine)
  }
}
