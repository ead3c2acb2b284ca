import FormRender
import Foundation
import HTTPServer
import ServedAssets
import SnapshotFiles
import Synchronization

/// `render-cli snapshot --review`: the files of a comparing run that differ or are new,
/// on one page served on loopback, each accepted (its golden file written) or rejected
/// (left as it is) by a person. Nothing is written before a file is accepted.
///
/// Routes (loopback only; any other `Host` is refused, against DNS rebinding):
/// - `GET /`: the page (``ReviewPage``); `GET /review.js`: its script;
/// - `GET /image/N/golden.png`, `…/new.png`, `…/diff.png`: item `N`'s images;
/// - `POST /decide` (a form: `token`, `decision` = `accept` | `reject`, `scope` = `file`
///   | `screen` | `locale` | `all`, `target` = the item's number, the screen's name or
///   the locale's tag): decides every file of the scope not yet decided, then `303` back
///   to the page;
/// - `POST /done` (a form: `token`): ends the review.
///
/// A post must carry the run's token (a random value only the page holds) and come from
/// a page of this origin as the browser says (``LoopbackTool/refusal(of:token:expected:)``):
/// another site's page can send a post here, but cannot read the token.
package final class ReviewServer: HTTPResponder {
  private struct State {
    var decisions: [ReviewDecision]
    var message: String?
    var finished = false
  }

  package let items: [ReviewItem]
  private let title: String
  private let files: ReviewFiles
  /// The per-run secret every form carries.
  package let token: String
  private let state: Mutex<State>
  private let lifecycle = ServerLifecycle()
  /// Told once, when the page's Done button is pressed.
  private let onDone: @Sendable () -> Void

  /// - Parameters:
  ///   - items: the files to review, in the run's order.
  ///   - directory: the run's folder of golden files; nothing outside it is written.
  ///   - title: how the page names the run (the folder as given).
  ///   - token: the secret the page's forms carry; a fresh random one by default.
  package init(
    items: [ReviewItem], directory: URL, title: String, token: String = LoopbackTool.newToken(),
    onDone: @escaping @Sendable () -> Void = {}
  ) {
    self.items = items
    self.title = title
    self.token = token
    self.onDone = onDone
    files = ReviewFiles(directory: directory)
    state = Mutex(State(decisions: Array(repeating: .pending, count: items.count)))
  }

  /// Every item's decision, in the items' order.
  package var decisions: [ReviewDecision] { state.withLock { $0.decisions } }

  /// Whether Done was pressed.
  package var isFinished: Bool { state.withLock { $0.finished } }

  /// One line saying what the review came to: `review: 2 accepted, 1 rejected, 3 not decided`.
  package var summaryLine: String {
    let decisions = decisions
    let accepted = decisions.filter { $0 == .accepted }.count
    let rejected = decisions.filter { $0 == .rejected }.count
    let failed = decisions.filter { if case .failed = $0 { true } else { false } }.count
    var parts = ["\(accepted) accepted", "\(rejected) rejected"]
    if failed > 0 { parts.append("\(failed) not written") }
    parts.append("\(decisions.count - accepted - rejected - failed) not decided")
    return "review: " + parts.joined(separator: ", ")
  }

  // MARK: HTTPResponder

  package func errorResponse(_ error: HTTPServerError, _ request: HTTPRequest) -> HTTPResponse {
    secured(HTTPDaemon.plainError(error, request))
  }

  package func respond(to request: HTTPRequest) -> RouteResult {
    .respond(secured(answer(request)))
  }

  private func answer(_ request: HTTPRequest) -> HTTPResponse {
    guard LoopbackTool.isLocalHost(request.header("host")) else {
      return .text(403, LoopbackTool.hostRefusal(by: "review"))
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    let isRead = request.method == "GET" || request.method == "HEAD"
    switch parts.first ?? "" {
    case "" where parts.count == 1:
      guard isRead else { return notAllowed("GET") }
      return page()
    case "review.js" where parts.count == 1:
      guard isRead else { return notAllowed("GET") }
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
        body: Array(ReviewAssets.script.utf8))
    case "image" where parts.count == 3:
      guard isRead else { return notAllowed("GET") }
      return image(number: parts[1], kind: parts[2])
    case "decide" where parts.count == 1:
      guard request.method == "POST" else { return notAllowed("POST") }
      return decide(request)
    case "done" where parts.count == 1:
      guard request.method == "POST" else { return notAllowed("POST") }
      return done(request)
    default:
      return .text(404, "Not found.\n")
    }
  }

  private func notAllowed(_ method: String) -> HTTPResponse {
    var response = HTTPResponse.text(405, "Use \(method).\n")
    response.headers.append(("Allow", method == "GET" ? "GET, HEAD" : method))
    return response
  }

  private func page() -> HTTPResponse {
    let (decisions, message) = state.withLock { ($0.decisions, $0.message) }
    let model = ReviewPage.Model(title: title, items: items, decisions: decisions, token: token, message: message)
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: ReviewPage.html(model))
  }

  /// `GET /image/N/KIND.png`: an item's image from memory; `N` is a number the page
  /// wrote, never a path.
  private func image(number: String, kind: String) -> HTTPResponse {
    guard let index = Int(number), items.indices.contains(index),
      case .pixels(let golden, let new, let diff, _, _) = items[index].content
    else { return .text(404, "Not found.\n") }
    let bytes: [UInt8]?
    switch kind {
    case "golden.png": bytes = golden
    case "new.png": bytes = new
    case "diff.png": bytes = diff
    default: bytes = nil
    }
    guard let bytes else { return .text(404, "Not found.\n") }
    return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: bytes)
  }

  /// The post's form when it comes from this page: its origin as the browser says, and
  /// the run's token; else the refusal.
  private func form(_ request: HTTPRequest) -> Result<URLEncodedForm, RefusedPost> {
    guard request.isURLEncodedForm else {
      return .failure(RefusedPost(.text(415, "Send the review page's form (application/x-www-form-urlencoded).\n")))
    }
    guard let form = try? URLEncodedForm(decoding: request.body) else {
      return .failure(RefusedPost(.text(400, "The form cannot be read.\n")))
    }
    let sent = form.values("token")
    if let refusal = LoopbackTool.refusal(of: request, token: sent.count == 1 ? sent[0] : nil, expected: token) {
      return .failure(RefusedPost(.text(403, "Refused: \(refusal); reload the review page.\n")))
    }
    return .success(form)
  }

  private struct RefusedPost: Error {
    var response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
  }

  /// `POST /decide`.
  private func decide(_ request: HTTPRequest) -> HTTPResponse {
    let form: URLEncodedForm
    switch self.form(request) {
    case .success(let read): form = read
    case .failure(let refused): return refused.response
    }
    func one(_ name: String) -> String? {
      let values = form.values(name)
      return values.count == 1 ? values[0] : nil
    }
    guard let decision = one("decision"), decision == "accept" || decision == "reject" else {
      return .text(400, "Say accept or reject (decision).\n")
    }
    let target = one("target") ?? ""
    let chosen: [Int]
    switch one("scope") {
    case "file":
      guard let index = Int(target), items.indices.contains(index) else {
        return .text(404, "There is no such file to review.\n")
      }
      chosen = [index]
    case "screen": chosen = items.indices.filter { items[$0].subject == target }
    case "locale": chosen = items.indices.filter { items[$0].localeTag == target }
    case "all": chosen = Array(items.indices)
    default: return .text(400, "Say which files (scope: file, screen, locale or all).\n")
    }
    guard !chosen.isEmpty else { return .text(404, "There is no such file to review.\n") }
    // One decision at a time, so two posts never write the same golden file at once.
    let anchor = state.withLock { state -> String in
      var accepted = 0
      var rejected = 0
      var failures: [String] = []
      for index in chosen where state.decisions[index] == .pending {
        if decision == "accept" {
          if let reason = files.accept(items[index]) {
            state.decisions[index] = .failed(reason)
            failures.append(reason)
          } else {
            state.decisions[index] = .accepted
            accepted += 1
          }
        } else {
          files.reject(items[index])
          state.decisions[index] = .rejected
          rejected += 1
        }
      }
      // A decision that wrote nothing says only why, never "Accepted 0 files".
      var parts: [String] = []
      if decision == "reject" {
        parts.append("Rejected \(Self.count(rejected)): golden \(rejected == 1 ? "file" : "files") kept.")
      } else if accepted > 0 || failures.isEmpty {
        parts.append("Accepted \(Self.count(accepted)): golden \(accepted == 1 ? "file" : "files") written.")
      }
      if !failures.isEmpty { parts.append("Not written: " + failures.joined(separator: "; ") + ".") }
      let message = parts.joined(separator: " ")
      state.message = message
      return chosen.count == 1 ? "#item-\(chosen[0])" : ""
    }
    return HTTPResponse(status: 303, headers: [("Location", "/" + anchor)])
  }

  private static func count(_ files: Int) -> String { files == 1 ? "1 file" : "\(files) files" }

  /// `POST /done`.
  private func done(_ request: HTTPRequest) -> HTTPResponse {
    if case .failure(let refused) = form(request) { return refused.response }
    let first = state.withLock { state -> Bool in
      defer { state.finished = true }
      return !state.finished
    }
    if first { onDone() }
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: ReviewPage.finished(summaryLine))
  }

  /// Every answer carries the review page's headers: its policy allows only its own
  /// script, style and images, and nobody may frame it.
  private func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers += SecurityHeaders.snapshotReview.fields
    return response
  }

  // MARK: Running

  /// Starts listening on `host` (loopback only) and `port` (0 takes a free one).
  /// - Returns: the port.
  package func start(host: String = "127.0.0.1", port: Int) throws(HTTPDaemon.StartError) -> Int {
    try lifecycle.start(
      LoopbackTool.configuration(
        "the review", host: host, port: port, errorResponse: { [self] in errorResponse($0, $1) }),
      responder: self, clockName: "review-clock")
  }

  /// Stops listening, after the answers in flight (up to two seconds).
  package func stop() { lifecycle.stop(grace: .seconds(2)) }
}
