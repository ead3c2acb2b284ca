import Foundation
import HTTPServer
import RenderCore
import SessionReplay
import SessionStores

/// The merchant API (`/v1/sessions…`): JSON in, JSON out, after the key was checked.
extension RelayServer {
  /// Routing keys: what nginx hashes on, embedded in the session id and the customer URL.
  static func isRoutingKey(_ key: String) -> Bool {
    (1...32).contains(key.utf8.count)
      && key.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
          || byte == 0x5F
      }
  }

  func merchant(_ endpoint: Endpoint, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    switch endpoint {
    case .createSession: return .respond(try createSession(request))
    case .call(let id): return .respond(try call(id: id, request))
    case .events(let id): return try events(id: id, request)
    case .deleteSession(let id):
      guard try store.remove(id: id) else { return .respond(.json(404, #"{"error": "notFound"}"#)) }
      forget(id)
      return .respond(HTTPResponse(status: 204))
    default: return .respond(.json(404, #"{"error": "notFound"}"#))
    }
  }

  /// What an `Idempotency-Key` is kept with, to tell a retry from another request under
  /// the same key: the request's own bytes (base64, so the kept answer's line feed stays
  /// the separator), compared exactly rather than through a digest. It lives as long as
  /// the session, like the answer.
  static func fingerprint(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  /// `POST /v1/sessions[?routingKey=KEY]`, body: the session configuration (empty: the default).
  private func createSession(_ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
    let idempotency: (key: String, fingerprint: String)?
    switch Self.idempotencyKey(request) {
    case .invalid(let response): return response
    case .none: idempotency = nil
    case .key(let key):
      let routing = request.argument("routingKey").map { "routingKey=" + $0 } ?? ""
      idempotency = (key, Self.fingerprint(Array(routing.utf8) + [0x0A] + request.body))
    }
    let routingKey: String
    if let given = request.argument("routingKey") {
      guard Self.isRoutingKey(given) else {
        return .json(
          400, #"{"error": "badRoutingKey", "message": "a routing key is 1 to 32 of A-Z a-z 0-9 - _"}"#)
      }
      routingKey = given
    } else {
      routingKey = String(SecureToken.make().prefix(6))
    }
    var configuration = SessionConfiguration.default
    var source: JSONValue?
    if request.body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      let json: JSONValue
      switch parseJSON(request.body) {
      case .success(let value): json = value
      case .failure(let response): return response
      }
      do { configuration = try SessionConfiguration(json: json) } catch { return Self.dataErrors(error) }
      source = json
    }
    let id: String
    let customerToken: String
    do {
      switch try store.create(
        configuration: configuration, source: source, routingKey: routingKey, limit: options.maximumSessions,
        now: .now, idempotency: idempotency)
      {
      case .created(let session):
        id = session.id
        customerToken = session.customerToken
      case .kept(let fingerprint, let keptID, let keptToken):
        guard fingerprint == idempotency?.fingerprint else { return Self.idempotencyKeyReused }
        id = keptID
        customerToken = keptToken
      }
    } catch {
      guard error == .full else { throw error }
      metrics.refused(.tooManySessions)
      return .json(503, #"{"error": "tooManySessions"}"#)
    }
    var response = HTTPResponse.json(
      201,
      JSONOutput.render(
        .object([
          ("id", .string(id)), ("customerURL", .string("/c/" + customerToken)),
          // The URL's last segment on its own, for a client (or an OpenAPI link) that
          // passes it on without cutting the URL apart.
          ("customerToken", .string(customerToken)),
        ])
      ).trimmingSuffixNewline())
    response.headers.append(("Location", "/v1/sessions/" + id))
    return response
  }

  private enum IdempotencyKey {
    case none
    case key(String)
    case invalid(HTTPResponse)
  }

  /// The request's `Idempotency-Key`: 1 to 255 printable ASCII characters, no space (a
  /// control byte is none of these), given once (two fields name two retries at once).
  private static func idempotencyKey(_ request: HTTPRequest) -> IdempotencyKey {
    guard let key = request.header("idempotency-key") else { return .none }
    guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
      request.headers.lazy.filter({ $0.name == "idempotency-key" }).count == 1
    else {
      return .invalid(
        .json(
          400,
          #"{"error": "badIdempotencyKey", "message": "an Idempotency-Key is 1 to 255 printable ASCII characters, no space"}"#
        ))
    }
    return .key(key)
  }

  /// `422`: an `Idempotency-Key` used before with another request.
  private static let idempotencyKeyReused = HTTPResponse.json(
    422,
    #"{"error": "idempotencyKeyReused", "message": "this Idempotency-Key was used with another request"}"#)

  /// `POST /v1/sessions/{id}/calls`, body: one call as a transcript line.
  private func call(id: String, _ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
    let idempotency: (key: String, fingerprint: String)?
    switch Self.idempotencyKey(request) {
    case .invalid(let response): return response
    case .none: idempotency = nil
    case .key(let key): idempotency = (key, Self.fingerprint(request.body))
    }
    guard let configuration = try store.configuration(id: id) else {
      return .json(404, #"{"error": "notFound"}"#)
    }
    let json: JSONValue
    switch parseJSON(request.body) {
    case .success(let value): json = value
    case .failure(let response): return response
    }
    let step: SessionStep
    var warnings: [DataProblem] = []
    do { step = try Transcript.step(json, currency: configuration.currency.rawValue, warnings: &warnings).step } catch {
      // A request the web cannot serve is the seeds' error, not bad data.
      if error.refusesAnIncompatibleRequest {
        return Self.sessionError("incompatibleRequest", error.problems.map(\.description).joined(separator: "; "))
      }
      return Self.dataErrors(error)
    }
    switch step {
    case .event, .response, .declined:
      return Self.dataErrors(
        DataErrors([
          DataProblem(
            path: .root, message: "expected a \"call\"; events and the customer's answers come from the customer")
        ]))
    default: break
    }
    // Additive: `ok` as ever, and what the engine changed (an amount rounded to the
    // currency), each with its JSON path, as `render-cli replay` prints them.
    let answer =
      warnings.isEmpty
      ? #"{"ok": true}"#
      : JSONOutput.render(
        .object([("ok", .bool(true)), ("warnings", .array(warnings.map { .string($0.description) }))])
      ).trimmingSuffixNewline()
    let outcome = try store.withSession(id: id, answerKey: idempotency?.key) { session -> CallOutcome in
      // The key's first request was answered: the same answer, nothing applied again.
      if let idempotency, let kept = session.answers[idempotency.key] { return .kept(kept) }
      session.lastActivity = .now
      do throws(CustomerSessionError) {
        try session.apply(step, eventsKept: options.eventsKept, line: json)
      } catch {
        return .failure(error)
      }
      if let idempotency { session.keep(answer: idempotency.fingerprint + "\n" + answer, forKey: idempotency.key) }
      return .applied(session.changes)
    }
    switch outcome {
    case nil: return .json(404, #"{"error": "notFound"}"#)
    case .failure(let error)?: return Self.sessionError(error.name, error.description)
    case .kept(let kept)?:
      let parts = kept.split(separator: "\n", maxSplits: 1).map(String.init)
      guard parts.count == 2, parts[0] == idempotency?.fingerprint else { return Self.idempotencyKeyReused }
      return .json(200, parts[1])
    case .applied(let changes)?:
      parked.changed(id, version: changes)
      return .json(200, answer)
    }
  }

  private enum CallOutcome {
    case applied(UInt64)
    case failure(CustomerSessionError)
    /// The answer kept for the request's `Idempotency-Key`: fingerprint, line feed, body.
    case kept(String)
  }

  /// A query's whole number: one or more ASCII digits, nothing else (no sign, no space,
  /// no fraction), of any length. One past `Int.max` is taken as `Int.max`: no event has a
  /// greater sequence number, and a wait is taken as 30 s anyway, so a larger figure
  /// means the same and is not an error.
  static func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(text) ?? .max
  }

  /// `GET /v1/sessions/{id}/events?after=N&wait=S`: a long poll. A `HEAD` neither waits
  /// nor touches the session.
  private func events(id: String, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    let isHead = request.method == "HEAD"
    var after = 0
    if let text = request.argument("after") {
      guard let value = Self.wholeNumber(text) else {
        return .respond(.json(400, #"{"error": "badArgument", "message": "after is a whole number from 0"}"#))
      }
      after = value
    }
    var wait = 0
    if let text = request.argument("wait") {
      guard let value = Self.wholeNumber(text) else {
        return .respond(.json(400, #"{"error": "badArgument", "message": "wait is whole seconds from 0 to 30"}"#))
      }
      wait = min(value, ServerOptions.maximumWaitSeconds)
    }
    let found = try store.withSession(id: id) { session -> ([JSONValue], UInt64) in
      if !isHead { session.lastActivity = .now }
      return (session.events(after: after), session.changes)
    }
    guard let (events, changes) = found else { return .respond(.json(404, #"{"error": "notFound"}"#)) }
    let deadline = request.arrival + .seconds(wait)
    if events.isEmpty, !isHead, ContinuousClock.now < deadline, !parked.isStopped {
      guard parked.count(id) < options.waitsPerSession else {
        metrics.refused(.tooManyWaits)
        return .respond(.json(429, #"{"error": "tooManyWaits"}"#))
      }
      return .wait(key: id, version: changes, deadline: deadline)
    }
    return .respond(.json(200, JSONOutput.render(.object([("events", .array(events))])).trimmingSuffixNewline()))
  }

  private enum Parsed {
    case success(JSONValue)
    case failure(HTTPResponse)
  }

  private func parseJSON(_ body: [UInt8]) -> Parsed {
    do { return .success(try JSONParser.parse(body)) } catch {
      return .failure(.json(400, JSONOutput.render(Self.errorList(error)).trimmingSuffixNewline()))
    }
  }

  /// `422 {"errors": ["$.cart.items[1].id: …", …]}`.
  static func dataErrors(_ errors: DataErrors) -> HTTPResponse {
    .json(422, JSONOutput.render(errorList(errors)).trimmingSuffixNewline())
  }

  private static func errorList(_ errors: DataErrors) -> JSONValue {
    .object([("errors", .array(errors.problems.map { .string($0.description) }))])
  }

  /// `409 {"error": "sessionBusy", "message": "…"}`: the seeds' name first.
  static func sessionError(_ name: String, _ message: String) -> HTTPResponse {
    .json(
      409,
      JSONOutput.render(.object([("error", .string(name)), ("message", .string(message))])).trimmingSuffixNewline())
  }
}

extension String {
  /// Without one final line feed (``JSONOutput`` ends its text with one; ``HTTPResponse/json(_:_:)`` adds it).
  func trimmingSuffixNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
