import CartRender
import FormRender
import HTTPServer
import RenderCore
import ServedAssets
import SessionReplay
import SessionStores
import StatusRender

/// The customer's side (`/c/{token}…`): the current screen as a page, the form's post,
/// and the live-update stream.
extension RelayServer {
  /// What one page render needs, copied out of the store so rendering runs unlocked.
  struct PageSnapshot {
    var id: String
    var configuration: SessionConfiguration
    var stage: CustomerSession.Stage
    var version: UInt64
    /// The cart the asking page showed, for hints; nil renders without them.
    var previousCart: ShoppingCart?
    /// The screen version `previousCart` was shown at.
    var previousVersion: UInt64?
    var formToken: String?
  }

  /// `GET /c/{token}[?shown=VERSION]`: the current screen; the first visit makes the
  /// session's `connected` and `ready` events. A `HEAD` changes nothing: the customer
  /// has not arrived, and the session is not touched.
  func page(token: String, _ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
    let shown = request.argument("shown").flatMap { UInt64($0) }
    let found = try store.withSession(token: token) { session -> (PageSnapshot, UInt64?) in
      if request.method == "HEAD" { return (snapshot(session, shown: shown), nil) }
      let firstVisit = !session.customerArrived && !session.isClosed
      session.arrive(eventsKept: options.eventsKept)
      session.lastActivity = .now
      session.lastCustomerContact = .now
      return (snapshot(session, shown: shown), firstVisit ? session.changes : nil)
    }
    guard let (snapshot, arrived) = found else { return .text(404, "This page is not available.\n") }
    if let arrived { parked.changed(snapshot.id, version: arrived) }
    return render(snapshot, request: request, status: 200, form: nil)
  }

  /// `POST /c/{token}`: the open form's submission, bound to it by its request token.
  func submit(token: String, _ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
    guard
      let snapshot = try store.withSession(
        token: token,
        { session -> PageSnapshot in
          session.lastActivity = .now
          session.lastCustomerContact = .now
          return self.snapshot(session, shown: nil)
        })
    else { return .text(404, "This page is not available.\n") }
    // A post another site's page makes (CSRF, `Sec-Fetch-Site: cross-site` or `same-site`)
    // is refused where the browser says so; the
    // tokens in the address and the form already keep out a site that lacks them.
    if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
      return render(snapshot, request: request, status: 403, form: nil)
    }
    guard request.isURLEncodedForm else {
      return .text(415, "A form is sent as application/x-www-form-urlencoded.\n")
    }
    // A post to a page with no form open, or with another form's token, changes nothing:
    // the customer sees the current screen again.
    guard case .form(let open) = snapshot.stage, let expected = snapshot.formToken else {
      return render(snapshot, request: request, status: 403, form: nil)
    }
    let context = makeContext(snapshot, request: request)
    let outcome: FormResponse
    do {
      outcome = try FormSubmission.parse(request.body, request: open.form, context: context, expectedToken: expected)
    } catch {
      switch error {
      case .missingToken, .tokenMismatch, .invalidToken:
        return render(snapshot, request: request, status: 403, form: nil)
      default: return render(snapshot, request: request, status: 400, form: nil)
      }
    }
    let step: SessionStep
    var answer: JSONValue?
    switch outcome {
    case .invalid(let errors):
      // The same form, every value as typed, each message beside its field.
      let values = try? URLEncodedForm(decoding: request.body)
      return render(
        snapshot, request: request, status: 422, form: FormState(values: values, errors: errors, token: expected))
    case .declined:
      step = .declined
    case .shared:
      guard case .object(let members)? = Self.responseValues(outcome) else {
        return render(snapshot, request: request, status: 400, form: nil)
      }
      answer = .object(members)
      // The rules check the keys the open form shows; the merchant gets all of parse's.
      let shown = Set(
        FormLayout(request: open.form, region: snapshot.configuration.region.rawValue).fields.map(\.rawValue))
      step = .response(.object(members.filter { shown.contains($0.key) }))
    }
    let applied = try store.withSession(token: token) { session -> UInt64? in
      // Another post may have answered this form meanwhile: only its token's post counts.
      guard let current = session.formToken, RequestToken.matches(expected, expected: current) else { return nil }
      do { try session.apply(step, eventsKept: options.eventsKept, answer: answer) } catch { return nil }
      return session.changes
    }
    guard let changes = applied ?? nil else { return render(snapshot, request: request, status: 403, form: nil) }
    parked.changed(snapshot.id, version: changes)
    // Post, then redirect: reloading the next screen never sends the form again.
    return HTTPResponse(status: 303, headers: [("Location", "/c/" + token)])
  }

  /// `parse`'s output for a shared form, without the request token (the server's own).
  static func responseValues(_ response: FormResponse) -> JSONValue? {
    guard case .object(let members) = try? JSONParser.parse(Array(response.json.utf8)) else { return nil }
    return .object(members.filter { $0.key != RequestToken.fieldName })
  }

  /// `GET /c/{token}/events`: Server-Sent Events. The page's version comes in
  /// `Last-Event-ID` (the browser's reconnection) or `?shown=`. A newer screen is one
  /// event, `event: screen`, `data: VERSION`, and the answer ends; the browser reconnects
  /// after `retry`. With no change for ``ServerOptions/streamWaitSeconds`` it ends
  /// empty; for an ended session, or one that is gone, `204` (browsers stop reconnecting).
  /// A `HEAD` neither waits nor counts as the customer's page.
  func stream(token: String, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    let shown = (request.header("last-event-id") ?? request.argument("shown")).flatMap { UInt64($0) } ?? 0
    let isHead = request.method == "HEAD"
    let found = try store.withSession(token: token) { session in
      // An open stream is the customer's page still there (it reopens within 25 s).
      if !isHead { session.lastCustomerContact = .now }
      return (id: session.id, version: session.screenVersion, changes: session.changes, ended: session.hasEnded)
    }
    guard let found else { return .respond(HTTPResponse(status: 204)) }
    if found.version != shown {
      return .respond(Self.event(LivePage.change("screen", version: found.version)))
    }
    if found.ended { return .respond(HTTPResponse(status: 204)) }
    if isHead { return .respond(Self.event("")) }
    let deadline = request.arrival + .seconds(ServerOptions.streamWaitSeconds)
    if isDraining {
      return .respond(Self.event(LivePage.draining(retryMilliseconds: ServerOptions.drainRetryMilliseconds)))
    }
    if ContinuousClock.now >= deadline || parked.isStopped {
      return .respond(Self.event(LivePage.noChange))
    }
    guard parked.count(found.id) < options.waitsPerSession else {
      metrics.refused(.tooManyWaits)
      return .respond(.text(429, "Too many open pages for this session.\n"))
    }
    return .wait(key: found.id, version: found.changes, deadline: deadline)
  }

  private static func event(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [("Content-Type", LivePage.contentType)], body: Array(text.utf8))
  }

  private func snapshot(_ session: ServedSession, shown: UInt64?) -> PageSnapshot {
    let previous = shown.flatMap { session.cart(shownAt: $0) }
    return PageSnapshot(
      id: session.id, configuration: session.configuration, stage: session.rules.stage,
      version: session.screenVersion, previousCart: previous, previousVersion: previous == nil ? nil : shown,
      formToken: session.formToken)
  }

  private func makeContext(_ snapshot: PageSnapshot, request: HTTPRequest) -> RenderContext {
    var context = RenderContext(
      configuration: snapshot.configuration, acceptLanguage: request.header("accept-language"))
    context.host = PageHost(
      scriptPath: LiveScript.path, scriptIntegrity: security.scriptIntegrity, version: snapshot.version,
      refreshSeconds: refreshes(snapshot.stage) ? options.refreshSeconds : nil)
    return context
  }

  /// A form being filled in must not reload under the customer; an ended session no longer changes.
  private func refreshes(_ stage: CustomerSession.Stage) -> Bool {
    switch stage {
    case .form, .status(.closed), .status(.disconnected): false
    default: true
    }
  }

  /// The snapshot's screen as a page; fresh pages are cached, a form with the
  /// customer's values never is.
  private func render(_ snapshot: PageSnapshot, request: HTTPRequest, status: Int, form: FormState?) -> HTTPResponse {
    let language = request.header("accept-language") ?? ""
    let key =
      "\(snapshot.id) \(snapshot.version) \(snapshot.previousVersion.map(String.init) ?? "-") \(language)"
    let cacheable = form == nil && language.utf8.count <= 256
    if cacheable, let cached = pages.page(key) {
      return HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: cached)
    }
    let context = makeContext(snapshot, request: request)
    // Hints against the cart the asking page showed, not the session's last one; a
    // session no customer has connected to yet has nothing to show but its end.
    let screen =
      snapshot.stage.screen(hintsAgainst: snapshot.previousCart, form: form ?? FormState(token: snapshot.formToken))
      ?? StatusScreen.closed
    // The page's bytes as they are: no String made and read back.
    let body = screen.renderUTF8(.html, context: context)
    if cacheable { pages.store(key, body) }
    return HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: body)
  }
}
