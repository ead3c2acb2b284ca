import RenderCore
import SessionReplay

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

  /// `POST /v1/sessions[?routingKey=KEY]`, body: the session configuration (empty: the default).
  private func createSession(_ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
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
    let session: ServedSession
    do {
      session = try store.create(
        configuration: configuration, source: source, routingKey: routingKey, limit: options.maximumSessions,
        now: .now)
    } catch {
      guard error == .full else { throw error }
      return .json(503, #"{"error": "tooManySessions"}"#)
    }
    var response = HTTPResponse.json(
      201,
      JSONOutput.render(
        .object([("id", .string(session.id)), ("customerURL", .string("/c/" + session.customerToken))])
      ).trimmingSuffixNewline())
    response.headers.append(("Location", "/v1/sessions/" + session.id))
    return response
  }

  /// `POST /v1/sessions/{id}/calls`, body: one call as a transcript line.
  private func call(id: String, _ request: HTTPRequest) throws(SessionStoreError) -> HTTPResponse {
    guard let configuration = try store.withSession(id: id, { $0.configuration }) else {
      return .json(404, #"{"error": "notFound"}"#)
    }
    let json: JSONValue
    switch parseJSON(request.body) {
    case .success(let value): json = value
    case .failure(let response): return response
    }
    let step: SessionStep
    var warnings: [DataProblem] = []
    do { step = try Transcript.step(json, currency: configuration.currency, warnings: &warnings).step } catch {
      // A request the web cannot serve is the seeds' error, not bad data.
      if error.problems.contains(where: { $0.message.hasPrefix("incompatibleRequest:") }) {
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
    let outcome = try store.withSession(id: id) { session -> Result<UInt64, CustomerSessionError> in
      session.lastActivity = .now
      do throws(CustomerSessionError) { try session.apply(step, eventsKept: options.eventsKept, line: json) } catch {
        return .failure(error)
      }
      return .success(session.changes)
    }
    switch outcome {
    case nil: return .json(404, #"{"error": "notFound"}"#)
    case .failure(let error)?: return Self.sessionError(error.name, error.description)
    case .success(let changes)?:
      parked.changed(id, version: changes)
      guard !warnings.isEmpty else { return .json(200, #"{"ok": true}"#) }
      // Additive: `ok` as ever, and what the engine changed (an amount rounded to the
      // currency), each with its JSON path, as `render-cli replay` prints them.
      return .json(
        200,
        JSONOutput.render(
          .object([("ok", .bool(true)), ("warnings", .array(warnings.map { .string($0.description) }))])
        ).trimmingSuffixNewline())
    }
  }

  /// `GET /v1/sessions/{id}/events?after=N&wait=S`: a long poll.
  private func events(id: String, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    var after = 0
    if let text = request.argument("after") {
      guard let value = Int(text), value >= 0 else {
        return .respond(.json(400, #"{"error": "badArgument", "message": "after is a whole number from 0"}"#))
      }
      after = value
    }
    var wait = 0
    if let text = request.argument("wait") {
      guard let value = Int(text), value >= 0 else {
        return .respond(.json(400, #"{"error": "badArgument", "message": "wait is whole seconds from 0 to 30"}"#))
      }
      wait = min(value, ServerOptions.maximumWaitSeconds)
    }
    let found = try store.withSession(id: id) { session -> ([JSONValue], UInt64) in
      session.lastActivity = .now
      return (session.events(after: after), session.changes)
    }
    guard let (events, changes) = found else { return .respond(.json(404, #"{"error": "notFound"}"#)) }
    let deadline = request.arrival + .seconds(wait)
    if events.isEmpty, ContinuousClock.now < deadline, !parked.isStopped {
      guard parked.count(id) < options.waitsPerSession else {
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
