import Foundation
import HTTPServer
import RenderCore
import Synchronization
import Testing

@testable import FallbackServer
@testable import SessionStores

/// A server driven through ``RelayServer/respond(to:)``, without a socket, with a
/// merchant's helpers; and the log lines it wrote.
final class Harness: Sendable {
  static let key = "test-key-0123456789abcdef0123456789"
  let server: RelayServer
  let log = LogLines()

  init(_ store: TestStore = .memory, _ configure: (inout ServerOptions) -> Void = { _ in }) {
    var options = ServerOptions(apiKey: Self.key)
    options.store = store.location
    configure(&options)
    let log = self.log
    server = RelayServer(options: options) { line in log.lines.withLock { $0.append(line) } }
  }

  /// A server on `location`: two of them on one Redis are two servers sharing it.
  init(location: StoreLocation, _ configure: (inout ServerOptions) -> Void = { _ in }) {
    var options = ServerOptions(apiKey: Self.key)
    options.store = location
    configure(&options)
    let log = self.log
    server = RelayServer(options: options) { line in log.lines.withLock { $0.append(line) } }
  }

  func send(
    _ method: String, _ target: String, body: String = "", headers: [(String, String)] = [], key: String? = Harness.key
  ) -> HTTPResponse {
    var all = headers
    if let key { all.append(("Authorization", "Bearer \(key)")) }
    let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
    let query: [(name: String, value: String)] =
      parts.count > 1
      ? parts[1].split(separator: "&").map {
        let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
        return (pair[0], pair.count > 1 ? (pair[1].removingPercentEncoding ?? pair[1]) : "")
      } : []
    let request = HTTPRequest(method: method, path: parts[0], query: query, headers: all, body: Array(body.utf8))
    switch server.respond(to: request) {
    case .respond(let response):
      server.completed(request, response: response, microseconds: 1, waited: false)
      return response
    case .wait:
      return HTTPResponse(status: -1)
    }
  }

  /// What `respond(to:)` does with the request: answer, or park it.
  func result(_ method: String, _ target: String, headers: [(String, String)] = []) -> RouteResult {
    let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
    let query: [(name: String, value: String)] =
      parts.count > 1
      ? parts[1].split(separator: "&").map {
        let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
        return (pair[0], pair.count > 1 ? pair[1] : "")
      } : []
    return server.respond(
      to:
        HTTPRequest(
          method: method, path: parts[0], query: query, headers: headers + [("Authorization", "Bearer \(Self.key)")]))
  }

  struct Session {
    var id: String
    var customerURL: String
  }

  /// Creates a session (routing key `k1`) and opens its customer page once.
  func session(configuration: String = "", open: Bool = true) throws -> Session {
    let created = send("POST", "/v1/sessions?routingKey=k1", body: configuration)
    #expect(created.status == 201)
    let json = try JSONParser.parse(created.body)
    guard case .object(let members) = json,
      case .string(let id)? = members.first(where: { $0.key == "id" })?.value,
      case .string(let url)? = members.first(where: { $0.key == "customerURL" })?.value
    else { throw HarnessError.unexpected(created.text) }
    if open { #expect(send("GET", url, key: nil).status == 200) }
    return Session(id: id, customerURL: url)
  }

  func call(_ session: Session, _ line: String) -> HTTPResponse {
    send("POST", "/v1/sessions/\(session.id)/calls", body: line)
  }

  /// The session's events after `after`, as compact JSON lines.
  func events(_ session: Session, after: Int = 0) throws -> [String] {
    let response = send("GET", "/v1/sessions/\(session.id)/events?after=\(after)")
    guard case .object(let members) = try JSONParser.parse(response.body),
      case .array(let events)? = members.first?.value
    else { throw HarnessError.unexpected(response.text) }
    return events.map(JSONOutput.compact)
  }

  /// The hidden request token of a form page.
  static func formToken(_ page: String) -> String? {
    guard let start = page.range(of: #"name="token" value=""#) else { return nil }
    let rest = page[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  static let cart =
    #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Hair Spray", "quantity": 1, "totalPrice": 5.00}, {"id": "B", "name": "Comb", "quantity": 1, "totalPrice": 2.00}], "summary": {"summaryLines": [], "total": 7.00}}}"#
  static let changedCart =
    #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Hair Spray", "quantity": 2, "totalPrice": 10.00}, {"id": "B", "name": "Comb", "quantity": 1, "totalPrice": 2.00}], "summary": {"summaryLines": [], "total": 12.00}}}"#
  static let address = #"{"call": "requestAddress", "purpose": "shipping", "fields": ["emailAddress"]}"#
}

/// The lines a server logged.
final class LogLines: Sendable {
  let lines = Mutex<[String]>([])
}

enum HarnessError: Error {
  case unexpected(String)
}
