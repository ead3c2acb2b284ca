import Foundation
import RedisClient

/// Where `render-cli serve` keeps its sessions (`--store`).
package enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
  /// This process's memory: the default; sessions go with the process.
  case memory
  /// A Redis that several servers may share.
  case redis(RedisAddress)
  /// A Redis primary that Redis Sentinel names and fails over.
  case sentinel(SentinelLocation)

  /// `memory`, `redis://[user:password@]HOST:PORT[/DB]`, `unix://[user:password@]/PATH[?db=DB]`
  /// or `redis-sentinel://[user:password@]HOST:PORT[,HOST:PORT…]/MASTERNAME[?db=DB]`; nil for
  /// anything else. User and password are percent-decoded.
  package init?(_ text: String) {
    if text == "memory" {
      self = .memory
      return
    }
    if let sentinel = SentinelLocation(text) {
      self = .sentinel(sentinel)
      return
    }
    guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else { return nil }
    var address: RedisAddress
    switch scheme {
    case "redis":
      guard let host = parts.host.map(RedisAddress.bare), !host.isEmpty, let port = parts.port,
        (1...65535).contains(port)
      else { return nil }
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
    address.user = RedisAddress.user(parts.user)
    address.password = parts.password
    self = .redis(address)
  }

  /// The location without its password (for messages and logs).
  package var description: String {
    switch self {
    case .memory: "memory"
    case .redis(let address): address.description
    case .sentinel(let location): location.description
    }
  }
}
