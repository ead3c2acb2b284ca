import Foundation

/// An IPv4 or IPv6 socket address made from a literal, and the text of a peer's.
struct SocketAddress {
  private var storage: sockaddr_storage
  let isIPv6: Bool

  init?(host: String, port: Int) {
    guard (0...65535).contains(port) else { return nil }
    var storage = sockaddr_storage()
    let networkPort = UInt16(port).bigEndian
    isIPv6 = host.contains(":")
    // Safety: each address is copied into `storage`, which `sockaddr_storage` is sized
    // and aligned to hold whole (asserted).
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = networkPort
      guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
      assert(MemoryLayout<sockaddr_in6>.size <= MemoryLayout<sockaddr_storage>.size)
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = networkPort
      guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
      assert(MemoryLayout<sockaddr_in>.size <= MemoryLayout<sockaddr_storage>.size)
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    }
    self.storage = storage
  }

  // Safety: the pointer is valid during `body` only, over the whole `sockaddr_storage`.
  func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T?) -> T? {
    withUnsafeBytes(of: storage) { bytes in
      bytes.baseAddress.flatMap { body($0.assumingMemoryBound(to: sockaddr.self)) }
    }
  }

  /// A peer's address without its port, and whether it is the loopback address a proxy on
  /// this machine connects from (`127.0.0.1`, `::1`; other `127.x` addresses count, so
  /// the limit can be tried on loopback).
  // Safety: `address` is read as `sockaddr_in` or `sockaddr_in6` only after its family
  // says it is one (the library hands over a whole address of that family).
  static func peer(_ address: UnsafePointer<sockaddr>?) -> (text: String, isLoopback: Bool)? {
    guard let address else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
        var raw = ipv4.pointee.sin_addr
        guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        let text = text(of: buffer)
        return (text, text == "127.0.0.1")
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
        var raw = ipv6.pointee.sin6_addr
        guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        let text = text(of: buffer)
        return (text, text == "::1" || text == "::ffff:127.0.0.1")
      }
    default: return nil
    }
  }

  /// A C string in a buffer, as text.
  private static func text(of buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
