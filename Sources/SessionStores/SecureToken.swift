import Foundation

/// Unguessable tokens: 128 bits from the system's secure random source
/// (`SystemRandomNumberGenerator`, which reads `getrandom(2)` on Linux), in base64url
/// without padding (RFC 4648 §5): 22 characters of `A–Z a–z 0–9 - _`.
package enum SecureToken {
  package static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    for _ in 0..<2 {
      let word = generator.next()
      for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
    return Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
