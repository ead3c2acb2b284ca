/// The names of everything the Redis store keeps (docs/SERVER.md's "What Redis holds"),
/// written here only: the scripts get every key they touch in `KEYS` and the channel in
/// `ARGV`, so no name is built inside Lua (as Redis Cluster and the `EVAL` documentation
/// require).
enum RedisKeys {
  /// A session's hash: `config`, `token`, `seen`, and `created` (its Idempotency-Key's
  /// key, when it was made with one).
  static func meta(_ id: String) -> String { "tts:s:" + id }
  /// A session's journal: one JSON entry per change, oldest first; its length is the
  /// session's version.
  static func journal(_ id: String) -> String { "tts:s:" + id + ":j" }
  /// A session's events Stream (entry ids `SEQ-0`).
  static func events(_ id: String) -> String { "tts:s:" + id + ":e" }
  /// A session's calls' Idempotency-Key answers (a hash).
  static func answers(_ id: String) -> String { "tts:s:" + id + ":i" }
  /// A customer token's key: the session id.
  static func token(_ token: String) -> String { "tts:t:" + token }
  /// An Idempotency-Key of `POST /v1/sessions`: what the session made with it answers.
  static func created(_ key: String) -> String { "tts:k:" + key }
  /// Every session's last activity (a sorted set, ms since 1970).
  static let live = "tts:live"
  /// The customer's last request per session (a sorted set, ms since 1970).
  static let seen = "tts:seen"
  /// The channel every change is announced on (``SessionChange``'s messages).
  static let channel = "tts:changed"
}
