import Foundation

/// Sentinels to ask for the primary of `masterName`, and how to log in to that primary
/// (the user and password, as `redis://` has them, are the primary's, not the sentinels').
package struct SentinelLocation: Sendable, Equatable, CustomStringConvertible {
  package struct Sentinel: Sendable, Equatable {
    package var host: String
    package var port: Int

    package init(host: String, port: Int) {
      self.host = host
      self.port = port
    }
  }

  /// Asked in this order, each in turn until one names the primary.
  package var sentinels: [Sentinel]
  package var masterName: String
  package var user: String?
  package var password: String?
  package var database = 0
  /// The sentinels' own password (`requirepass` in sentinel.conf), from the environment.
  package var sentinelPassword: String?

  package init(
    sentinels: [Sentinel], masterName: String, user: String? = nil, password: String? = nil, database: Int = 0,
    sentinelPassword: String? = nil
  ) {
    self.sentinels = sentinels
    self.masterName = masterName
    self.user = user
    self.password = password
    self.database = database
    self.sentinelPassword = sentinelPassword
  }

  /// `redis-sentinel://[user:password@]HOST:PORT[,HOST:PORT…]/MASTERNAME[?db=DB]`: URLComponents
  /// reads the whole with the first sentinel as its host, and each further `HOST:PORT`
  /// again as a URL of its own.
  package init?(_ text: String) {
    let prefix = "redis-sentinel://"
    guard text.lowercased().hasPrefix(prefix) else { return nil }
    let rest = text.dropFirst(prefix.count)
    let authority = rest.prefix { $0 != "/" && $0 != "?" }
    let (login, hosts) =
      authority.lastIndex(of: "@").map { (authority[...$0], authority[authority.index(after: $0)...]) }
      ?? (authority.prefix(0), authority)
    let listed = hosts.split(separator: ",", omittingEmptySubsequences: false)
    guard let first = listed.first,
      let parts = URLComponents(
        string: prefix + String(login) + String(first) + String(rest.dropFirst(authority.count)))
    else { return nil }
    var sentinels: [Sentinel] = []
    for entry in listed {
      guard let one = URLComponents(string: "redis://" + entry), let host = one.host.map(RedisAddress.bare),
        !host.isEmpty, let port = one.port, (1...65535).contains(port), one.path.isEmpty, one.user == nil
      else { return nil }
      sentinels.append(Sentinel(host: host, port: port))
    }
    let name = String(parts.path.drop { $0 == "/" })
    guard !name.isEmpty, !name.contains("/") else { return nil }
    self.init(
      sentinels: sentinels, masterName: name, user: RedisAddress.user(parts.user), password: parts.password)
    if let text = parts.queryItems?.first(where: { $0.name == "db" })?.value {
      guard let database = Int(text), (0...65535).contains(database) else { return nil }
      self.database = database
    }
  }

  /// The primary at `host:port`, logged in as this location says.
  package func primary(host: String, port: Int) -> RedisAddress {
    RedisAddress(endpoint: .tcp(host: host, port: port), user: user, password: password, database: database)
  }

  /// `redis-sentinel://user@HOST:PORT,…/NAME`: never a password.
  package var description: String {
    let user = self.user.map { $0 + "@" } ?? ""
    let hosts = sentinels.map { ($0.host.contains(":") ? "[\($0.host)]" : $0.host) + ":\($0.port)" }
    return "redis-sentinel://\(user)\(hosts.joined(separator: ","))/\(masterName)"
      + (database == 0 ? "" : "?db=\(database)")
  }
}

/// A Redis server and how to log in to it.
package struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
  package enum Endpoint: Sendable, Equatable {
    case tcp(host: String, port: Int)
    case unix(path: String)
  }

  package var endpoint: Endpoint
  /// An ACL user (`AUTH user password`); nil with a password: `default`.
  package var user: String?
  package var password: String?
  package var database = 0

  package init(endpoint: Endpoint, user: String? = nil, password: String? = nil, database: Int = 0) {
    self.endpoint = endpoint
    self.user = user
    self.password = password
    self.database = database
  }

  /// `redis://user@HOST:PORT/DB` or `unix://user@/PATH`: never the password.
  package var description: String {
    let user = self.user.map { $0 + "@" } ?? ""
    switch endpoint {
    case .tcp(let host, let port):
      let shown = host.contains(":") ? "[\(host)]" : host
      return "redis://\(user)\(shown):\(port)" + (database == 0 ? "" : "/\(database)")
    case .unix(let path): return "unix://\(user)\(path)" + (database == 0 ? "" : "?db=\(database)")
    }
  }

  /// The URL's user, nil when empty: `redis://:PASSWORD@…` (the Redis URI scheme's
  /// password-only form, as `redis-cli -u` reads it) logs in as the default user with
  /// `AUTH PASSWORD`, not as a user named "".
  package static func user(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  /// An IPv6 address without its brackets (Foundation keeps them on some systems).
  package static func bare(_ host: String) -> String {
    host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }
}
