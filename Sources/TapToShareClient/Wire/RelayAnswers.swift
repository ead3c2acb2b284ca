import Foundation

/// The relay's JSON answers, as docs/SERVER.md documents them, read with `JSONDecoder`
/// (no amount is ever read back: the answers hold ids, names, text and flags).

/// `201 {"id": "…", "customerURL": "/c/…"}`.
struct CreatedSession: Decodable {
  let id: String
  let customerURL: String
}

/// `200 {"ok": true}`, with `warnings` when the relay rounded an amount for display.
struct CallAccepted: Decodable {
  let ok: Bool
  let warnings: [String]?
}

/// An error's body: `{"error": NAME, "message": …}` or `{"errors": [PATH: MESSAGE, …]}`.
struct ErrorBody: Decodable {
  let error: String?
  let message: String?
  let errors: [String]?
}

/// `200 {"events": […]}` of `GET /v1/sessions/{id}/events`.
struct EventPage: Decodable {
  let events: [WireEvent]
}

/// One event: `{"seq": 1, "event": "connected"}`, `{"seq": 5, "response": {…}}` or
/// `{"seq": 5, "declined": true}`.
struct WireEvent: Decodable {
  let seq: Int
  let event: String?
  let response: AnswerValues?
  let declined: Bool?

  /// What the event tells the session: the seeds' events, or a request's answer.
  enum Meaning {
    case lifecycle(CustomerSession.Event)
    case answered(AnswerValues)
    case declined
    /// An event this client does not know (a newer relay's): skipped.
    case other
  }

  var meaning: Meaning {
    if let response { return .answered(response) }
    if declined == true { return .declined }
    switch event {
    case "connected": return .lifecycle(.connected)
    case "ready": return .lifecycle(.ready)
    case "disconnected": return .lifecycle(.disconnected)
    case "closed": return .lifecycle(.closed)
    default: return .other
    }
  }
}

/// A response event's values: every key of the request's answer, text, a flag or `null`.
struct AnswerValues: Decodable, Sendable, Equatable {
  enum Value: Decodable, Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case none

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .none
      } else if let flag = try? container.decode(Bool.self) {
        self = .flag(flag)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  let values: [String: Value]

  init(from decoder: any Decoder) throws {
    values = try decoder.singleValueContainer().decode([String: Value].self)
  }

  init(_ values: [String: Value]) { self.values = values }

  func text(_ key: String) -> String? {
    if case .text(let text)? = values[key] { text } else { nil }
  }

  func flag(_ key: String) -> Bool? {
    if case .flag(let flag)? = values[key] { flag } else { nil }
  }

  /// Whether these are the answer of a request of `kind`: every key of its answer, and no
  /// key that only another kind's answer has (a key no kind has, a newer relay's, is
  /// allowed). A response that is another request's is never taken for this one.
  func answer(_ kind: RequestKind) -> Bool {
    let keys = Set(values.keys)
    let known = RequestKind.all.reduce(into: Set<String>()) { $0.formUnion($1.answerKeys) }
    return kind.answerKeys.isSubset(of: keys) && keys.intersection(known).isSubset(of: kind.answerKeys)
  }
}
