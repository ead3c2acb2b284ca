import Foundation

/// Where `render-cli serve` keeps its sessions (`--store`).
package enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
  /// This process's memory: the default; sessions go with the process.
  case memory
  /// A Redis that several servers may share.
  case redis(RedisAddress)

  /// `memory`, `redis://[user:password@]HOST:PORT[/DB]` or `unix://[user:password@]/PATH[?db=DB]`;
  /// nil for anything else. User and password are percent-decoded.
  package init?(_ text: String) {
    if text == "memory" {
      self = .memory
      return
    }
    guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else { return nil }
    var address: RedisAddress
    switch scheme {
    case "redis":
      guard var host = parts.host, !host.isEmpty, let port = parts.port, (1...65535).contains(port) else { return nil }
      // An IPv6 literal comes bracketed (`[::1]`); the resolver wants it bare.
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
      guard !host.isEmpty else { return nil }
      address = RedisAddress(endpoint: .tcp(host: host, port: port))
      let path = parts.path.drop { $0 == "/" }
      if !path.isEmpty {
        guard let database = Int(path), (0...65535).contains(database) else { return nil }
        address.database = database
      }
    case "unix":
      guard parts.host?.isEmpty ?? true, parts.path.hasPrefix("/"), parts.path.count > 1 else { return nil }
      address = RedisAddress(endpoint: .unix(path: parts.path))
      if let text = parts.queryItems?.first(where: { $0.name == "db" })?.value {
        guard let database = Int(text), (0...65535).contains(database) else { return nil }
        address.database = database
      }
    default: return nil
    }
    address.user = parts.user
    address.password = parts.password
    self = .redis(address)
  }

  /// The location without its password (for messages and logs).
  package var description: String {
    switch self {
    case .memory: "memory"
    case .redis(let address): address.description
    }
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
}
