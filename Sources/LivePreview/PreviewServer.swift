import CartRender
import FormRender
import Foundation
import HTTPServer
import RenderCore
import ServedAssets
import StatusRender
import Synchronization

/// `render-cli preview`: the screens of a designer's files on a page of controls, each
/// screen in an `iframe` as `serve` sends it, re-rendered live when a file changes.
///
/// Routes (loopback only, `Host` checked against DNS rebinding):
/// - `GET /`: the controls page; `GET /controls.js`: its script; `GET /live.js`: the
///   served pages' live script;
/// - `GET /state` (JSON: the files, their screens, their problems, the last `parse`
///   response) and `GET /state/events` (Server-Sent Events when it changes);
/// - `GET|POST /screen/FILE/SCREEN/LOCALE/REGION/CURRENCY`: the page as `serve` would
///   send it (`-` keeps the configuration's region or currency); a post is `parse`'s
///   answer; `…/events`: the live-update stream `serve`'s pages listen to;
/// - `GET /text/FILE/SCREEN/LOCALE/REGION/CURRENCY?width=N`: the text rendering.
package final class PreviewServer: HTTPResponder {
  private struct State {
    var files: [PreviewFile]
    var configuration: SessionConfiguration
    var configurationProblems: [String] = []
    /// Changes of what the screens show: the served pages' `screen-version`.
    var screens: UInt64 = 1
    /// Changes of anything the controls page shows (screens, problems, responses).
    var changes: UInt64 = 1
    /// The last `parse` response per file, after a post.
    var responses: [Int: String] = [:]
  }

  private static let screensKey = "screens"
  private static let stateKey = "state"

  private let state: Mutex<State>
  /// The daemon, its clock and its stop; its waits are ``parked``.
  private let lifecycle = ServerLifecycle()
  private var parked: ParkedRequests { lifecycle.waits }
  private let pageHeaders: SecurityHeaders
  /// The served pages carry `serve`'s headers, but may be framed by the controls page
  /// of the same origin; the controls page's own policy allows its script and style by
  /// their hashes (``PreviewHashes``) and frames from this origin.
  private let security: PreviewSecurity

  /// - Parameters:
  ///   - files: the files as first read, in the command line's order.
  ///   - configuration: `--config`'s session, or the contract's default.
  package init(files: [PreviewFile], configuration: SessionConfiguration) {
    state = Mutex(State(files: files, configuration: configuration))
    pageHeaders = SecurityHeaders.servedPages.framed(by: [.this])
    security = PreviewSecurity(servedPages: pageHeaders, controls: .previewControls)
  }

  // MARK: Updates from the watcher

  /// File `index` was read again: every open page re-renders.
  package func update(file index: Int, _ file: PreviewFile) {
    let versions = state.withLock { state -> (UInt64, UInt64)? in
      guard state.files.indices.contains(index) else { return nil }
      state.files[index] = file
      state.screens += 1
      state.changes += 1
      return (state.screens, state.changes)
    }
    guard let (screens, changes) = versions else { return }
    parked.changed(Self.screensKey, version: screens)
    parked.changed(Self.stateKey, version: changes)
  }

  /// `--config` was read again: its session when it reads, else its problems (the last
  /// good session stays).
  package func update(configuration: SessionConfiguration?, problems: [String]) {
    let (screens, changes) = state.withLock { state in
      if let configuration { state.configuration = configuration }
      state.configurationProblems = problems
      state.screens += 1
      state.changes += 1
      return (state.screens, state.changes)
    }
    parked.changed(Self.screensKey, version: screens)
    parked.changed(Self.stateKey, version: changes)
  }

  // MARK: HTTPResponder

  /// The answer to what the transport refuses itself: framing that could be read two
  /// ways, and a body past its limit (never read as a post of the part that came), as
  /// plain text with the controls' headers.
  package func errorResponse(_ error: HTTPServerError, _ request: HTTPRequest) -> HTTPResponse {
    let refusal = HTTPDaemon.plainError(error, request)
    return security.respond(to: request, .notFound) { _, _ in .respond(refusal) }.response ?? refusal
  }

  /// Matches the route once (``PreviewRoute``) and answers through the security headers'
  /// middleware (``PreviewSecurity``).
  package func respond(to request: HTTPRequest) -> RouteResult {
    security.respond(to: request, PreviewRoute(request)) { request, route in answer(route, request) }
  }

  private func answer(_ route: PreviewRoute, _ request: HTTPRequest) -> RouteResult {
    switch route {
    case .foreignHost:
      return .respond(.text(403, LoopbackTool.hostRefusal(by: "preview")))
    case .controls: return .respond(controlsPage())
    case .controlsScript: return .respond(Self.script(PreviewAssets.script))
    case .liveScript: return .respond(Self.script(LiveScript.source))
    case .state: return .respond(.json(200, stateJSON()))
    case .stateEvents: return stream(key: Self.stateKey, request) { $0.changes }
    case .screenEvents: return stream(key: Self.screensKey, request) { $0.screens }
    case .post(let address): return .respond(post(address, request))
    case .screen(let address): return .respond(page(address))
    case .text(let address): return .respond(text(address, width: request.argument("width")))
    case .notFound: return .respond(.text(404, "Not found.\n"))
    }
  }

  private static func script(_ source: String) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")], body: Array(source.utf8))
  }

  // MARK: Pages

  /// What a screen's address names, checked.
  private struct Address {
    var file: Int
    var variant: String
    var locale: LanguageTag
    var session: PreviewSession
  }

  /// The answer to an address that names no screen to render.
  private struct Refusal: Error {
    var response: HTTPResponse
    init(_ status: Int, _ text: String) { response = .text(status, text) }
  }

  private func address(_ parts: [String]) throws(Refusal) -> Address {
    guard parts.count == 5, let file = Int(parts[0]), file >= 0 else { throw Refusal(404, "Not found.\n") }
    guard let locale = LanguageTag(parts[2]) else {
      throw Refusal(400, "'\(parts[2])' is not a BCP 47 language tag (e.g. fr-CA).\n")
    }
    let region = parts[3] == "-" ? nil : parts[3]
    let currency = parts[4] == "-" ? nil : parts[4]
    return Address(
      file: file, variant: parts[1], locale: locale,
      session: PreviewSession(locale: locale, region: region, currency: currency))
  }

  /// The renderer, configuration and screen version of an address.
  private func prepare(
    _ parts: [String]
  ) throws(Refusal) -> (Address, any PreviewRenderer, SessionConfiguration, UInt64) {
    let target = try address(parts)
    let found = state.withLock { state -> (PreviewFile, SessionConfiguration, UInt64)? in
      guard state.files.indices.contains(target.file) else { return nil }
      return (state.files[target.file], state.configuration, state.screens)
    }
    guard let (file, configuration, version) = found else { throw Refusal(404, "Not found.\n") }
    guard let renderer = file.renderer else { throw Refusal(422, file.problems.map { $0 + "\n" }.joined()) }
    return (target, renderer, configuration, version)
  }

  /// `GET /screen/…`: the page, as `serve` sends it for the same screen.
  private func page(_ parts: [String]) -> HTTPResponse {
    do {
      let (target, renderer, configuration, version) = try prepare(parts)
      let shown = try renderer.screen(target.variant, configuration: configuration, session: target.session)
      return Self.html(
        shown.screen,
        context: context(shown.configuration, locale: target.locale, version: version, screen: shown.screen))
    } catch {
      return Self.refusal(error)
    }
  }

  /// The answer to an error of ``prepare(_:)``, a renderer or a session.
  private static func refusal(_ error: any Error) -> HTTPResponse {
    switch error {
    case let refusal as Refusal: return refusal.response
    case let problem as PreviewProblem: return .text(422, problem.lines.map { $0 + "\n" }.joined())
    case let errors as DataErrors: return .text(400, errors.lines(file: "session").map { $0 + "\n" }.joined())
    default: return .text(500, "Cannot render this screen.\n")
    }
  }

  /// The page's bytes as `serve` makes them: the same renderer and the same host.
  static func html(_ screen: any Screen, context: RenderContext, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")],
      body: screen.renderUTF8(.html, context: context))
  }

  /// `serve`'s context for a page: the live script, the screen's version, and a reload
  /// for browsers without script unless the screen is a form or an ended session.
  func context(_ configuration: SessionConfiguration, locale: LanguageTag, version: UInt64, screen: any Screen)
    -> RenderContext
  {
    var context = RenderContext(configuration: configuration, tag: locale, acceptLanguage: nil)
    let still = screen is FormScreen || screen as? StatusScreen == .closed || screen as? StatusScreen == .disconnected
    context.host = PageHost(
      scriptPath: LiveScript.path, scriptIntegrity: pageHeaders.scriptIntegrity, version: version,
      refreshSeconds: still ? nil : LivePage.refreshSeconds)
    return context
  }

  /// `POST /screen/…` on a form: `parse`'s answer, kept for the controls page. A form
  /// with errors comes back as `serve` sends it (`422`, every value as typed); any other
  /// answer goes back to the fresh form (`303`).
  private func post(_ parts: [String], _ request: HTTPRequest) -> HTTPResponse {
    let target: Address
    let renderer: any PreviewRenderer
    let version: UInt64
    let shown: PreviewScreen
    do {
      let configuration: SessionConfiguration
      (target, renderer, configuration, version) = try prepare(parts)
      shown = try renderer.screen(target.variant, configuration: configuration, session: target.session)
    } catch {
      return Self.refusal(error)
    }
    let context = context(shown.configuration, locale: target.locale, version: version, screen: shown.screen)
    guard let answer = renderer.answer(request.body, to: target.variant, context: context) else {
      return .text(405, "This screen takes no post.\n")
    }
    let changes = state.withLock { state in
      state.responses[target.file] = answer.text
      state.changes += 1
      return state.changes
    }
    parked.changed(Self.stateKey, version: changes)
    if let form = answer.form { return Self.html(form, context: context, status: 422) }
    return HTTPResponse(status: 303, headers: [("Location", request.path)])
  }

  /// `GET /text/…?width=N`: the text rendering at `N` columns (the default when left out).
  private func text(_ parts: [String], width: String?) -> HTTPResponse {
    let columns: Int
    if let width {
      guard let parsed = Int(width), (20...200).contains(parsed) else {
        return .text(400, "'\(width)' is not a width; use a whole number from 20 to 200.\n")
      }
      columns = parsed
    } else {
      columns = OutputFormat.defaultTextWidth
    }
    do {
      let (target, renderer, configuration, _) = try prepare(parts)
      let shown = try renderer.screen(target.variant, configuration: configuration, session: target.session)
      let context = RenderContext(configuration: shown.configuration, tag: target.locale, acceptLanguage: nil)
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: shown.screen.renderUTF8(.text, context: context, width: columns))
    } catch {
      return Self.refusal(error)
    }
  }

  /// A stream as `serve`'s (`/c/{token}/events`): one event when the version differs
  /// from the shown one, else a wait of up to ``LivePage/streamWaitSeconds``.
  private func stream(key: String, _ request: HTTPRequest, version: (State) -> UInt64) -> RouteResult {
    let shown = (request.header("last-event-id") ?? request.argument("shown")).flatMap { UInt64($0) } ?? 0
    let current = state.withLock { version($0) }
    if current != shown {
      return .respond(event(LivePage.change(key == Self.stateKey ? "state" : "screen", version: current)))
    }
    let deadline = request.arrival + .seconds(LivePage.streamWaitSeconds)
    if ContinuousClock.now >= deadline || parked.isStopped || request.method == "HEAD" {
      return .respond(event(LivePage.noChange))
    }
    return .wait(key: key, version: current, deadline: deadline)
  }

  private func event(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [("Content-Type", LivePage.contentType)], body: Array(text.utf8))
  }

  /// The controls page's data: every file, its screens and problems, the session.
  func stateJSON() -> String {
    let state = state.withLock { $0 }
    let files = state.files.enumerated().map { index, file -> JSONValue in
      let variants = (file.renderer?.variants ?? []).map {
        JSONValue.object([("id", .string($0.id)), ("title", .string($0.title))])
      }
      return .object([
        ("label", .string(file.label)), ("kind", .string(file.kind)),
        ("problems", .array(file.problems.map { .string($0) })), ("variants", .array(variants)),
        ("response", state.responses[index].map { .string($0) } ?? .null),
      ])
    }
    let text = JSONOutput.render(
      .object([
        ("version", .string(String(state.screens))),
        ("region", .string(state.configuration.region.rawValue)),
        ("currency", .string(state.configuration.currency.rawValue)),
        ("configurationProblems", .array(state.configurationProblems.map { .string($0) })),
        ("files", .array(files)),
      ]))
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  private func controlsPage() -> HTTPResponse {
    let labels = state.withLock { $0.files.map(\.label) }
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
      body: PreviewControlsPage.html(files: labels, languages: UIStrings.bundled.languages))
  }

  // MARK: Running

  /// Starts listening on `host` (loopback only) and `port` (0 takes a free one).
  /// - Returns: the port.
  package func start(host: String = "127.0.0.1", port: Int) throws(HTTPDaemon.StartError) -> Int {
    try lifecycle.start(
      LoopbackTool.configuration(
        "the preview", host: host, port: port, errorResponse: { [self] in errorResponse($0, $1) }),
      responder: self, clockName: "preview-clock")
  }

  /// Answers every waiting stream and stops listening.
  package func stop() { lifecycle.stop(grace: .seconds(2)) }
}
