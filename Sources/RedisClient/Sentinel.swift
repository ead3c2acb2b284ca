/// Redis Sentinel discovery: which Redis is the primary of a master name now.
extension RedisPool {
  /// Asks each sentinel in turn for the primary of `location.masterName` and checks with
  /// `ROLE` that the one named is a primary; the first that is, with its connection.
  static func discover(_ location: SentinelLocation, milliseconds: Int) throws(RedisFailure) -> (
    RedisAddress, RedisConnection
  ) {
    var problems: [String] = []
    for sentinel in location.sentinels {
      let named = "sentinel \(sentinel.host):\(sentinel.port)"
      let address = RedisAddress(
        endpoint: .tcp(host: sentinel.host, port: sentinel.port), password: location.sentinelPassword)
      do throws(RedisFailure) {
        let asked = try RedisConnection(address, milliseconds: sentinelMilliseconds)
        let reply = try asked.command(["SENTINEL", "get-master-addr-by-name", location.masterName])
        guard case .array(let parts) = reply, parts.count == 2, let host = parts[0].text,
          let port = parts[1].text.flatMap({ Int($0) })
        else {
          if case .error(let text) = reply {
            problems.append("\(named): \(text)")
          } else {
            problems.append("\(named) knows no master named '\(location.masterName)'")
          }
          continue
        }
        let primary = location.primary(host: host, port: port)
        let connection = try RedisConnection(primary, milliseconds: milliseconds)
        let role = try connection.command(["ROLE"])
        guard case .array(let fields) = role, fields.first?.text == "master" else {
          problems.append("\(named) names \(primary), which is not a primary (ROLE: \(role))")
          continue
        }
        return (primary, connection)
      } catch {
        problems.append("\(named): \(error.description)")
      }
    }
    throw RedisFailure(description: "\(location): " + problems.joined(separator: "; "))
  }
}
