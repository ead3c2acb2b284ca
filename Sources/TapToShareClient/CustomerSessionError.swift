/// What a call on a ``CustomerSession`` can fail with: the seeds' session errors first
/// (`notReady`, `sessionBusy`, `userDeclined`, `incompatibleRequest`), then the relay's.
///
/// A call also throws `CancellationError` when its task is cancelled, and nothing else.
public enum CustomerSessionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The customer has not connected yet (wait for ``CustomerSession/Event/ready``), or the
  /// session ended (``CustomerSession/Event/disconnected`` or ``CustomerSession/Event/closed``):
  /// the relay's `409 notReady`. A request whose form was open when the session ended
  /// throws it too: no answer will come.
  case notReady
  /// A form is already open on the customer's screen: a second request, or a status,
  /// waits until the customer answers it (the relay's `409 sessionBusy`).
  case sessionBusy
  /// The customer declined the whole request (the relay's `{"declined": true}` event).
  case userDeclined
  /// The web fallback cannot serve the call (Apple Pay, Wallet passes): the relay's
  /// `409 incompatibleRequest`.
  case incompatibleRequest
  /// The relay refused the call's data (`422`): each problem as the relay words it, with
  /// its JSON path in the call it was sent as, e.g.
  /// `$.cart.items[1].id: duplicate item id "A" (first at $.cart.items[0])`.
  case invalidRequest(problems: [String])
  /// The relay knows no such session (`404`): it was deleted, or idled out
  /// (`--idle-timeout`), or the relay lost it (a memory store that restarted).
  case sessionNotFound
  /// The relay refused the API key (`401`).
  case unauthorized
  /// The relay could not be reached, every attempt of the ``Relay/RetryPolicy``: no
  /// connection, a connection lost or timed out, or a proxy's `502` or `504`. The call may
  /// or may not have been applied; retrying it is safe for a cart or a status (the relay
  /// applies a cart or status again as it was), and the session keeps a request's answers
  /// in order either way.
  case connectionFailed(String)
  /// The relay answered `503` on every attempt (its store unavailable, or
  /// `tooManySessions`): the error name it gave.
  case relayUnavailable(String)
  /// Any other answer: its HTTP status and what it said (a client and relay that disagree
  /// about the API, a body over the relay's limit, an internal error).
  case unexpectedAnswer(status: Int, message: String)

  /// One line: the error's name, then what it means here.
  public var description: String {
    switch self {
    case .notReady: "notReady: the customer is not connected, or the session ended"
    case .sessionBusy: "sessionBusy: a form is already open on the customer's screen"
    case .userDeclined: "userDeclined: the customer declined the request"
    case .incompatibleRequest: "incompatibleRequest: the web fallback cannot serve this call"
    case .invalidRequest(let problems): "invalidRequest: " + problems.joined(separator: "; ")
    case .sessionNotFound: "sessionNotFound: the relay has no such session"
    case .unauthorized: "unauthorized: the relay refused the API key"
    case .connectionFailed(let why): "connectionFailed: \(why)"
    case .relayUnavailable(let name): "relayUnavailable: \(name)"
    case .unexpectedAnswer(let status, let message): "unexpectedAnswer: HTTP \(status): \(message)"
    }
  }
}
