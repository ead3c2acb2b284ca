/// Why a session refused a call, named as the seeds' `CustomerSessionError` /
/// `CustomerEngagementSession.Error` cases where one exists.
package enum CustomerSessionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A call before the `ready` event, or after the session ended.
  case notReady
  /// A request, or a status update, while a form is already open.
  case sessionBusy
  /// A request the web fallback cannot serve (Apple Pay, a Wallet pass).
  case incompatibleRequest(String)
  /// A response or a decline with no form open.
  case noOpenRequest
  /// A response that is not one the open form can give (a key it does not have, a
  /// value of the wrong type).
  case invalidResponse(String)

  /// The error's name as the seeds spell it.
  package var name: String {
    switch self {
    case .notReady: "notReady"
    case .sessionBusy: "sessionBusy"
    case .incompatibleRequest: "incompatibleRequest"
    case .noOpenRequest: "noOpenRequest"
    case .invalidResponse: "invalidResponse"
    }
  }

  /// `sessionBusy: a form is already open`
  package var description: String {
    switch self {
    case .notReady: "notReady: the session is not ready (wait for the ready event; nothing is accepted after it ends)"
    case .sessionBusy: "sessionBusy: a form is already open"
    case .incompatibleRequest(let what): "incompatibleRequest: \(what) cannot be served on the web"
    case .noOpenRequest: "noOpenRequest: no form is open to answer"
    case .invalidResponse(let why): "invalidResponse: \(why)"
    }
  }
}
