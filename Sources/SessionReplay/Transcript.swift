import CartRender
import FormRender
import RenderCore
import StatusRender

/// A session transcript: JSON Lines, one object per line, as a merchant's app would log
/// its session. The first line may be `{"configuration": {…}}`; blank lines are skipped.
///
///     {"event": "connected"}
///     {"call": "updateShoppingCart", "cart": {…}}
///     {"call": "requestSignup", "fields": ["emailAddress"], "emailConsent": "visible"}
///     {"response": {"emailAddress": "zoe@example.com"}}
///     {"call": "updateStatus", "status": "paymentCompleted"}
///     {"call": "close"}
///
/// Call names are the seeds' method names in Apple's and in MoovKit's spelling alike.
package enum Transcript {
  /// A line that is not a step the engine knows.
  package struct LineError: Error, Sendable, Equatable {
    package var number: Int
    package var problems: [DataProblem]
  }

  /// Every member name a line may hold; which ones go together depends on the line
  /// (an event, a response, a call and its own members).
  enum LineKey: String, JSONKey {
    case configuration, event, response, declined, call, cart, status
  }

  static let requestCalls: [String: FormRequest.Kind] = [
    "requestCustomerInfo": .customerInfo, "requestAddress": .address, "requestSignup": .signup,
  ]
  static let paymentCalls: Set<String> = ["requestPayment", "requestApplePayPayment"]
  static let statusCalls: Set<String> = ["updateStatus", "updateCustomerStatus"]
  static let closeCalls: Set<String> = ["close", "closeCustomerSession"]

  /// The lines of `bytes` with their 1-based numbers, blank ones left out.
  package static func lines(_ bytes: [UInt8]) -> [(number: Int, bytes: ArraySlice<UInt8>)] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      return trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : (index + 1, line)
    }
  }

  /// A configuration line's configuration, or nil when the line is something else.
  package static func configuration(_ json: JSONValue) throws(DataErrors) -> SessionConfiguration? {
    let configuration = LineKey.configuration.rawValue
    guard case .object(let members) = json, let first = members.first(where: { $0.key == configuration }) else {
      return nil
    }
    if let other = members.first(where: { $0.key != configuration }) {
      throw DataErrors([
        DataProblem(
          path: .root.appending(key: other.key),
          message: "unknown key \(Echo.quoted(other.key)) beside \(configuration)")
      ])
    }
    do {
      return try SessionConfiguration(json: first.value)
    } catch {
      throw DataErrors(
        error.problems.map { DataProblem(path: prefixed($0.path, with: configuration), message: $0.message) })
    }
  }

  /// ``step(_:currency:warnings:)`` for a caller that shows no warnings.
  package static func step(_ json: JSONValue, currency: String) throws(DataErrors) -> (name: String, step: SessionStep)
  {
    var ignored: [DataProblem] = []
    return try step(json, currency: currency, warnings: &ignored)
  }

  /// Parses one line into a step.
  /// - Parameters:
  ///   - currency: the session's currency, for the cart's decimal places.
  ///   - warnings: receives a cart's warnings (amounts rounded to the currency).
  package static func step(
    _ json: JSONValue, currency: String, warnings: inout [DataProblem]
  ) throws(DataErrors) -> (name: String, step: SessionStep) {
    var log = ProblemLog()
    guard let object = JSONObjectReader<LineKey>(shapeOf: json, at: .root, log: &log), case .object(let members) = json
    else {
      throw DataErrors(log.problems)
    }
    if object.contains(.configuration) {
      throw DataErrors([
        DataProblem(path: object.path(of: .configuration), message: "a configuration must be the first line")
      ])
    }
    if object.contains(.event) {
      object.rejectKeys(otherThan: [.event], log: &log)
      let name = object.required(.event, log: &log).flatMap { $0.0.string(at: $0.1, log: &log) }
      try log.check()
      guard let name, let event = SessionEvent(rawValue: name) else {
        let known = SessionEvent.allCases.map(\.rawValue).joined(separator: ", ")
        throw DataErrors([
          DataProblem(
            path: object.path(of: .event), message: "unknown event \(Echo.quoted(name ?? "")); use \(known)")
        ])
      }
      return (name, .event(event))
    }
    if object.contains(.response) {
      object.rejectKeys(otherThan: [.response], log: &log)
      try log.check()
      guard let (value, _) = object.optional(.response), case .object = value else {
        throw DataErrors([
          DataProblem(path: object.path(of: .response), message: "expected an object of shared values")
        ])
      }
      return (LineKey.response.rawValue, .response(value))
    }
    if object.contains(.declined) {
      object.rejectKeys(otherThan: [.declined], log: &log)
      try log.check()
      guard let (value, _) = object.optional(.declined), value == .bool(true) else {
        throw DataErrors([DataProblem(path: object.path(of: .declined), message: "expected true")])
      }
      return (LineKey.declined.rawValue, .declined)
    }
    guard let (callValue, callPath) = object.required(.call, log: &log),
      let call = callValue.nonEmptyString(at: callPath, log: &log)
    else {
      if !object.contains(.call) {
        let (event, call, response, declined) = (LineKey.event, LineKey.call, LineKey.response, LineKey.declined)
        throw DataErrors([
          DataProblem(
            path: .root,
            message:
              "expected an \"\(event.rawValue)\", a \"\(call.rawValue)\", a \"\(response.rawValue)\" or \"\(declined.rawValue)\""
          )
        ])
      }
      throw DataErrors(log.problems)
    }
    if call == "updateShoppingCart" {
      object.rejectKeys(otherThan: [.call, .cart], log: &log)
      guard let (cartJSON, cartPath) = object.required(.cart, log: &log) else { throw DataErrors(log.problems) }
      try log.check()
      let cart = try ShoppingCart(json: cartJSON, currency: currency, at: cartPath, warnings: &warnings)
      return (call, .updateShoppingCart(cart))
    }
    if let kind = requestCalls[call] {
      // The call's own fields, in the contract's request shape: `pass` and purposes
      // that do not belong are refused here as incompatibleRequest / invalidRequest.
      let request = FormRequest.Key.request.rawValue
      if members.contains(where: { $0.key == request }) {
        throw DataErrors([
          DataProblem(path: .root.appending(key: request), message: "the call \(call) already names the request")
        ])
      }
      let fields = members.filter { $0.key != LineKey.call.rawValue }
      let form = try FormRequest(json: .object([(request, .string(kind.rawValue))] + fields))
      return (call, .request(SessionRequest(call: call, form: form)))
    }
    if paymentCalls.contains(call) { return (call, .requestPayment) }
    if statusCalls.contains(call) {
      object.rejectKeys(otherThan: [.call, .status], log: &log)
      let name = object.required(.status, log: &log).flatMap { $0.0.string(at: $0.1, log: &log) }
      try log.check()
      guard let name, let status = StatusScreen(rawValue: name), StatusScreen.customerStatuses.contains(status) else {
        let known = StatusScreen.customerStatuses.map(\.rawValue).joined(separator: ", ")
        throw DataErrors([
          DataProblem(
            path: object.path(of: .status), message: "unknown status \(Echo.quoted(name ?? "")); use \(known)")
        ])
      }
      return (call, .updateStatus(status))
    }
    if closeCalls.contains(call) {
      object.rejectKeys(otherThan: [.call], log: &log)
      try log.check()
      return (call, .close)
    }
    throw DataErrors([DataProblem(path: callPath, message: "unknown call \(Echo.quoted(call))")])
  }

  /// `path` re-rooted under `prefix`: `$.items[0]` under `cart` is `$.cart.items[0]`.
  static func prefixed(_ path: JSONPath, with prefix: String) -> JSONPath {
    JSONPath.root.appending(key: prefix).appending(path: path)
  }
}
