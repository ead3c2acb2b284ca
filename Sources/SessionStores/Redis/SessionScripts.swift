import RedisClient

/// One run of one of the store's Lua scripts (Scripts/*.lua, embedded by
/// scripts/embed-data as ``EmbeddedSessionScripts``): a typed value per script, whose
/// ``keys`` and ``arguments`` are the only place the script's positional `KEYS` and
/// `ARGV` are written on this side (each script's header says the same order).
protocol SessionScriptCall {
  static var script: RedisScript { get }
  /// Every key the script touches.
  var keys: [String] { get }
  var arguments: [String] { get }
}

/// The scripts' sources, by file name without `.lua`.
enum SessionScripts {
  static let create = script("create")
  static let load = script("load")
  static let commit = script("commit")
  static let delete = script("delete")

  /// Embedded at build time; that each file is there is `RedisSessionScriptsTests`'
  /// to check (a missing one would run as an empty script, whose `nil` every call reads
  /// as no session or the store unavailable).
  private static func script(_ name: String) -> RedisScript {
    RedisScript(EmbeddedSessionScripts.files.first { $0.tag == name }?.text ?? "")
  }
}

/// `create.lua`: makes a session unless the live ones reached the limit; with an
/// Idempotency-Key, answers what the key kept when it was used before.
struct CreateScriptCall: SessionScriptCall {
  static var script: RedisScript { SessionScripts.create }
  var id: String
  var customerToken: String
  /// The configuration as compact JSON; nil: the default.
  var configuration: String?
  var ttlSeconds: Int
  var nowMilliseconds: Int
  var limit: Int
  /// With an Idempotency-Key: the key and what it keeps (``keptText``).
  var idempotency: (key: String, fingerprint: String)?
  var keyLifetimeSeconds: Int

  /// What an Idempotency-Key keeps: the fingerprint, the id and the customer token.
  var keptText: String { [idempotency?.fingerprint ?? "", id, customerToken].joined(separator: " ") }

  var keys: [String] {
    [RedisKeys.meta(id), RedisKeys.token(customerToken), RedisKeys.live]
      + (idempotency.map { [RedisKeys.created($0.key)] } ?? [])
  }

  var arguments: [String] {
    [
      configuration ?? "", customerToken, id, String(ttlSeconds), String(nowMilliseconds), String(limit),
      String(nowMilliseconds - ttlSeconds * 1000), idempotency == nil ? "" : keptText, String(keyLifetimeSeconds),
    ]
  }

  /// What the script's answer says: made, full, or the session a used key made
  /// (nil: a reply of no such shape).
  enum Outcome: Equatable {
    case made, full
    case kept(fingerprint: String, id: String, customerToken: String)
  }

  static func outcome(_ reply: RedisReply) -> Outcome? {
    if let kept = reply.text {
      let fields = kept.split(separator: " ").map(String.init)
      guard fields.count == 3 else { return nil }
      return .kept(fingerprint: fields[0], id: fields[1], customerToken: fields[2])
    }
    switch reply {
    case .integer(1): return .made
    case .integer(0): return .full
    default: return nil
    }
  }
}

/// `load.lua`: a session's journal from an entry on, with what else a replay needs.
struct LoadScriptCall: SessionScriptCall {
  static var script: RedisScript { SessionScripts.load }
  var id: String
  /// The first journal entry wanted (the ones before are kept here).
  var from: Int
  /// An Idempotency-Key whose answer is wanted.
  var answerKey: String?

  var keys: [String] { [RedisKeys.meta(id), RedisKeys.journal(id), RedisKeys.answers(id), RedisKeys.live] }
  var arguments: [String] { [String(from), id, answerKey ?? ""] }

  /// The script's answer: nil when there is no such session (or a reply of no such shape).
  struct Loaded {
    var length: Int
    /// Compact JSON; "" for the default.
    var configuration: String
    var customerToken: String
    /// Milliseconds since 1970; nil: never.
    var seenMilliseconds: Int?
    var entries: [RedisReply]
    /// "" when the key has none.
    var answer: String
    /// Milliseconds since 1970; nil: not in the live set.
    var activeMilliseconds: Int?
  }

  static func loaded(_ reply: RedisReply) -> Loaded? {
    guard case .array(let parts) = reply, parts.count == 7, case .integer(let length) = parts[0],
      let configuration = parts[1].text, let token = parts[2].text, let seen = parts[3].text,
      case .array(let entries) = parts[4], let answer = parts[5].text, let active = parts[6].text
    else { return nil }
    return Loaded(
      length: length, configuration: configuration, customerToken: token, seenMilliseconds: Int(seen),
      entries: entries, answer: answer, activeMilliseconds: Int(active))
  }
}

/// `commit.lua`: appends a change when the journal still has ``expectedLength``.
struct CommitScriptCall: SessionScriptCall {
  static var script: RedisScript { SessionScripts.commit }
  var id: String
  var customerToken: String
  var expectedLength: Int
  /// The keys' TTL when the session was active; nil: they keep theirs.
  var activeTTLSeconds: Int?
  var nowMilliseconds: Int
  var eventsKept: Int
  /// The session's change counter after this change (the message's `CHANGES`).
  var changes: UInt64
  var customerSeen: Bool
  /// New journal entries, compact JSON.
  var entries: [String]
  /// New Idempotency-Key answers.
  var answers: [(key: String, answer: String)]
  /// New events with their sequence numbers, compact JSON.
  var events: [(seq: Int, json: String)]

  var keys: [String] {
    [
      RedisKeys.meta(id), RedisKeys.journal(id), RedisKeys.events(id), RedisKeys.answers(id),
      RedisKeys.token(customerToken), RedisKeys.live, RedisKeys.seen,
    ]
  }

  var arguments: [String] {
    var arguments = [
      String(expectedLength), activeTTLSeconds.map(String.init) ?? "", String(nowMilliseconds), id,
      String(max(1, eventsKept)), RedisKeys.channel, SessionChange.changed(id: id, changes: changes).message,
      customerSeen ? "1" : "0", String(entries.count), String(answers.count),
    ]
    arguments += entries
    for (key, answer) in answers { arguments += [key, answer] }
    for (seq, json) in events { arguments += [String(seq), json] }
    return arguments
  }

  enum Outcome { case appended, journalGrew, noSession }

  static func outcome(_ reply: RedisReply) -> Outcome {
    switch reply {
    case .integer(1): .appended
    case .integer(0): .journalGrew
    default: .noSession
    }
  }
}

/// `delete.lua`: removes a session and all its keys.
struct DeleteScriptCall: SessionScriptCall {
  static var script: RedisScript { SessionScripts.delete }
  var id: String
  var customerToken: String
  /// The key of the Idempotency-Key the session was made with (the hash's `created`).
  var createdKey: String?

  var keys: [String] {
    [
      RedisKeys.meta(id), RedisKeys.journal(id), RedisKeys.events(id), RedisKeys.answers(id),
      RedisKeys.token(customerToken), RedisKeys.live, RedisKeys.seen,
    ] + (createdKey.map { [$0] } ?? [])
  }

  var arguments: [String] { [id, RedisKeys.channel] }
}

/// A message on ``RedisKeys/channel``: `ID CHANGES` (changed) or `ID` (removed).
enum SessionChange: Equatable {
  case changed(id: String, changes: UInt64)
  case removed(id: String)

  var message: String {
    switch self {
    case .changed(let id, let changes): "\(id) \(changes)"
    case .removed(let id): id
    }
  }

  /// nil: not a message of this shape.
  init?(message: String) {
    let fields = message.split(separator: " ")
    guard let id = fields.first, fields.count <= 2 else { return nil }
    if fields.count == 2 {
      guard let changes = UInt64(fields[1]) else { return nil }
      self = .changed(id: String(id), changes: changes)
    } else {
      self = .removed(id: String(id))
    }
  }
}
