import Foundation

/// One customer's session on the relay: the seeds' `CustomerEngagementSession` over the
/// relay's HTTP API (docs/SERVER.md), for the web fallback.
///
/// ```swift
/// let session = try await CustomerSession(configuration: configuration, relay: relay)
/// show(session.customerURL)                       // as a QR code or a link
/// for try await event in session.events where event == .ready { break }
/// let token = try await session.updateShoppingCart(cart)
/// let signup = try await session.requestSignup(fields: [.emailAddress], emailConsent: .visible)
/// try await session.updateCustomerStatus(.paymentCompleted)
/// try await session.close()
/// ```
///
/// The relay keeps the seeds' rules: a call before the customer is ``Event/ready`` throws
/// ``CustomerSessionError/notReady``; one form at a time (a second request, or a status,
/// while a form is open throws ``CustomerSessionError/sessionBusy``). A request returns
/// when the customer answers it, however long that takes; cancel its task to stop
/// waiting (the form stays open until the customer answers it or the session ends).
///
/// Every call is retried as ``Relay/RetryPolicy`` says, each `POST` with one
/// `Idempotency-Key` on all its attempts, so it is applied once. Calls may come from any
/// task; the session is `Sendable`.
public final class CustomerSession: Sendable {
  /// The relay's id of the session (`till-1.Xb3…`): in the merchant API's paths and logs.
  /// It opens nothing without the API key.
  public let id: String
  /// The customer's way in: show it as a QR code or a link (`https://relay.example/c/…`,
  /// on ``Relay``'s `customerBaseURL`). It holds the session's 128-bit customer token:
  /// whoever has it sees the customer's screen, so it is not logged or stored.
  public let customerURL: URL

  let transport: RelayTransport
  let ledger = AnswerLedger()

  /// Opens a session on the relay (`POST /v1/sessions`); the customer connects by opening
  /// ``customerURL``.
  ///
  /// - Parameters:
  ///   - configuration: the store's currency, region, privacy policy and names.
  ///   - relay: the relay and its API key.
  ///   - routingKey: the key a load balancer routes the session by (the till, the
  ///     device: 1 to 32 of `A–Z a–z 0–9 - _`); nil lets the relay pick one.
  /// - Throws: ``CustomerSessionError/invalidRequest(problems:)`` for a configuration the
  ///   relay refuses (`$.currency: …`) or a bad routing key;
  ///   ``CustomerSessionError/relayUnavailable(_:)`` (`tooManySessions`), and the errors
  ///   of any call.
  public init(configuration: Configuration, relay: Relay, routingKey: String? = nil) async throws {
    var path = "/v1/sessions"
    if let routingKey {
      path += "?routingKey=" + (routingKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
    let answer = try await relay.transport.send(.init(method: "POST", path: path, body: configuration.json.utf8))
    guard answer.status == 201 else { throw CustomerSessionError(answer) }
    let created = try Self.decode(CreatedSession.self, answer)
    // A path on the customer base, never another origin: `//host/…` (or `///host/…`,
    // which a browser reads as `//host/…`) would put another site in the customer's QR code.
    let base = relay.customerBaseURL
    guard created.customerURL.hasPrefix("/"), !created.customerURL.hasPrefix("//"),
      let url = URL(string: created.customerURL, relativeTo: base)?.absoluteURL,
      url.scheme == base.scheme, url.host == base.host, url.port == base.port
    else {
      throw CustomerSessionError.unexpectedAnswer(status: answer.status, message: "no customer URL in the answer")
    }
    id = created.id
    customerURL = url
    transport = relay.transport
  }

  /// Shows `cart` on the customer's screen, replacing the one shown before (always send
  /// the whole cart). While a form is open the cart is kept and shown when it closes.
  ///
  /// - Returns: this update's token (the seeds' `ShoppingCartToken`), with the relay's
  ///   warnings for the amounts it rounded to the currency.
  /// - Throws: ``CustomerSessionError/notReady`` before the customer is ready or after
  ///   the session ended; ``CustomerSessionError/invalidRequest(problems:)`` for a cart
  ///   the relay refuses, every problem with its path (`$.cart.items[0].quantity: …`).
  @discardableResult
  public func updateShoppingCart(_ cart: ShoppingCart) async throws -> ShoppingCartToken {
    let accepted = try await call(.object([("call", .string("updateShoppingCart")), ("cart", try cart.json())]))
    return ShoppingCartToken(session: id, update: await ledger.nextCartUpdate(), warnings: accepted.warnings ?? [])
  }

  /// Asks the customer for contact details, to find their account or send a receipt;
  /// returns when they answer.
  ///
  /// - Parameters:
  ///   - purpose: why, shown to the customer.
  ///   - fields: what to ask for (at least one).
  ///   - message: shown above the form.
  /// - Returns: what the customer chose to share; each value `nil` when not shared.
  /// - Throws: ``CustomerSessionError/userDeclined`` when the customer declines;
  ///   ``CustomerSessionError/sessionBusy`` while another form is open;
  ///   ``CustomerSessionError/notReady`` before the customer is ready, or when the session
  ///   ends before an answer; ``CustomerSessionError/invalidRequest(problems:)`` for no
  ///   fields or a message the relay refuses.
  public func requestCustomerInfo(
    purpose: CustomerInfoPurpose, fields: Set<CustomerInfoField>, message: String? = nil
  ) async throws -> CustomerInfoResponse {
    var members: [(String, JSONText)] = [("purpose", .string(purpose.rawValue)), ("fields", fields.json)]
    if let message { members.append(("message", .string(message))) }
    return CustomerInfoResponse(try await request(.customerInfo, members))
  }

  /// Asks the customer for a name and postal address (laid out and checked for the
  /// region they pick, else the session's), with the contact `fields`; returns when they
  /// answer.
  ///
  /// - Returns: the address; each value `nil` when not shared.
  /// - Throws: as ``requestCustomerInfo(purpose:fields:message:)``.
  public func requestAddress(
    purpose: AddressPurpose, fields: Set<CustomerInfoField> = [], message: String? = nil
  ) async throws -> AddressResponse {
    var members: [(String, JSONText)] = [("purpose", .string(purpose.rawValue)), ("fields", fields.json)]
    if let message { members.append(("message", .string(message))) }
    return AddressResponse(try await request(.address, members))
  }

  /// Asks the customer to sign up (a name, the contact `fields`, marketing opt-ins, and
  /// terms to accept); returns when they answer.
  ///
  /// - Parameters:
  ///   - emailConsent: the email opt-in's checkbox: hidden (the default), visible, or
  ///     visible and ticked.
  ///   - smsConsent: the SMS opt-in's checkbox, likewise.
  ///   - termsAndConditions: CommonMark, rendered without raw HTML or images; at most
  ///     65,536 characters.
  /// - Returns: the sign-up; text values `nil` when not shared, opt-ins `nil` when hidden.
  /// - Throws: as ``requestCustomerInfo(purpose:fields:message:)``.
  public func requestSignup(
    purpose: SignupPurpose = .membership, fields: Set<CustomerInfoField>, emailConsent: ConsentOption = .hidden,
    smsConsent: ConsentOption = .hidden, termsAndConditions: String? = nil, message: String? = nil
  ) async throws -> SignupResponse {
    var members: [(String, JSONText)] = [
      ("purpose", .string(purpose.rawValue)), ("fields", fields.json), ("emailConsent", .string(emailConsent.rawValue)),
      ("smsConsent", .string(smsConsent.rawValue)),
    ]
    if let termsAndConditions { members.append(("termsAndConditions", .string(termsAndConditions))) }
    if let message { members.append(("message", .string(message))) }
    return SignupResponse(try await request(.signup, members))
  }

  /// Shows a status screen (``CustomerStatus/ready`` returns to the cart).
  ///
  /// - Throws: ``CustomerSessionError/sessionBusy`` while a form is open;
  ///   ``CustomerSessionError/notReady`` before the customer is ready or after the end.
  public func updateCustomerStatus(_ status: CustomerStatus) async throws {
    _ = try await call(.object([("call", .string("updateCustomerStatus")), ("status", .string(status.rawValue))]))
  }

  /// Ends the session: the customer sees the closed screen, ``events`` gives
  /// ``Event/closed`` and ends, a request still waiting throws
  /// ``CustomerSessionError/notReady``. Closing an ended session does nothing.
  /// The relay still holds the session (and what the customer shared) until its idle
  /// timeout, or ``forget()``.
  ///
  /// - Throws: only when the relay could not be reached or refused the key.
  public func close() async throws {
    do {
      _ = try await call(.object([("call", .string("close"))]))
    } catch CustomerSessionError.notReady {
      // Already closed, or the customer left: ended either way.
    }
  }

  /// Has the relay forget the session now, with everything the customer shared
  /// (`DELETE /v1/sessions/{id}`): its customer page answers `404` from then on. A session
  /// the relay no longer has is forgotten already.
  ///
  /// - Throws: only when the relay could not be reached or refused the key.
  public func forget() async throws {
    let answer = try await transport.send(.init(method: "DELETE", path: "/v1/sessions/\(id)"))
    guard answer.status == 204 || answer.status == 404 else { throw CustomerSessionError(answer) }
  }

  /// `POST /v1/sessions/{id}/calls`: one call, as a transcript line.
  private func call(_ body: JSONText) async throws -> CallAccepted {
    let answer = try await transport.send(.init(method: "POST", path: "/v1/sessions/\(id)/calls", body: body.utf8))
    guard answer.status == 200 else { throw CustomerSessionError(answer) }
    return try Self.decode(CallAccepted.self, answer)
  }

  /// Sends a request, then waits for its answer among the session's events.
  ///
  /// The relay's events say which answer came, not which request it answers; the rules
  /// do: one form at a time, each request the relay accepted answered once (a response or
  /// a decline) unless the session ends first, in the order they were made. So the n-th
  /// answer event of the session answers the n-th request this session had accepted
  /// (``AnswerLedger``). A request whose acceptance is unknown (no answer from the relay)
  /// is settled before the next one is sent.
  private func request(_ kind: RequestKind, _ members: [(String, JSONText)]) async throws -> AnswerValues {
    let body = JSONText.object([("call", .string(kind.call))] + members)
    try await ledger.settle { after, wait in try await self.events(after: after, wait: wait) }
    do {
      _ = try await call(body)
    } catch CustomerSessionError.connectionFailed(let why) {
      await ledger.acceptanceUnknown()
      throw CustomerSessionError.connectionFailed(why)
    } catch CustomerSessionError.relayUnavailable(let name) {
      await ledger.acceptanceUnknown()
      throw CustomerSessionError.relayUnavailable(name)
    } catch CustomerSessionError.sessionBusy {
      await ledger.busy()
      throw CustomerSessionError.sessionBusy
    }
    let ticket = await ledger.accepted()
    let outcome = try await ledger.answer(ticket) { after, wait in try await self.events(after: after, wait: wait) }
    switch outcome {
    case .declined: throw CustomerSessionError.userDeclined
    case .answered(let values):
      guard values.answer(kind) else {
        throw CustomerSessionError.unexpectedAnswer(
          status: 200, message: "the customer's answer is not one to \(kind.call): keys " + values.keysText)
      }
      return values
    }
  }

  /// `GET /v1/sessions/{id}/events?after=N&wait=S`: the events after `after`, waiting up
  /// to `wait` seconds for one.
  func events(after: Int, wait: Int) async throws -> [WireEvent] {
    let answer = try await transport.send(
      .init(
        method: "GET", path: "/v1/sessions/\(id)/events?after=\(after)&wait=\(wait)",
        timeoutSeconds: Double(wait) + 15))
    guard answer.status == 200 else { throw CustomerSessionError(answer) }
    return try Self.decode(EventPage.self, answer).events
  }

  static func decode<T: Decodable>(_ type: T.Type, _ answer: HTTPAnswer) throws -> T {
    do { return try JSONDecoder().decode(type, from: Data(answer.body)) } catch {
      throw CustomerSessionError.unexpectedAnswer(
        status: answer.status, message: "an answer this client cannot read: " + answer.excerpt)
    }
  }
}

/// The seeds' `ShoppingCartToken`: names one ``CustomerSession/updateShoppingCart(_:)``
/// (the seeds pass it to Apple Pay, which the web fallback does not serve).
public struct ShoppingCartToken: Sendable, Hashable {
  let session: String
  let update: Int
  /// What the relay changed for display, one line per amount it rounded to the
  /// currency's decimal places, with its path: `$.cart.items[0].totalPrice: warning: 3
  /// decimal places, USD has 2; shown rounded`. Empty when it changed nothing.
  public let warnings: [String]
}

extension AnswerValues {
  var keysText: String { values.keys.sorted().joined(separator: ", ") }
}

extension HTTPAnswer {
  /// The start of the body, for a message.
  var excerpt: String { String(decoding: body.prefix(300), as: UTF8.self) }
}

extension CustomerSessionError {
  /// The error an answer that is not the route's success means.
  init(_ answer: HTTPAnswer) {
    let body = try? JSONDecoder().decode(ErrorBody.self, from: Data(answer.body))
    switch (answer.status, body?.error) {
    case (401, _): self = .unauthorized
    case (404, _): self = .sessionNotFound
    case (409, "notReady"): self = .notReady
    case (409, "sessionBusy"): self = .sessionBusy
    case (409, "incompatibleRequest"): self = .incompatibleRequest
    case (400, "badRoutingKey"): self = .invalidRequest(problems: ["routingKey: " + (body?.message ?? "refused")])
    case (422, nil) where body?.errors != nil: self = .invalidRequest(problems: body?.errors ?? [])
    case (503, let name?): self = .relayUnavailable(name)
    default: self = .unexpectedAnswer(status: answer.status, message: answer.excerpt)
    }
  }
}
