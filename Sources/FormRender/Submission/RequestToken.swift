/// The opaque request token a server binds a form to (contract: `form --token`,
/// `parse --token`). The engine never invents one; it only carries it and compares it.
package enum RequestToken {
  /// The hidden field's `name`, and the key `parse` prints it under.
  package static let fieldName = "token"

  /// Longest token accepted, in bytes.
  package static let maximumLength = 1024

  /// Nil when `token` is usable: 1 to ``maximumLength`` printable ASCII characters, no
  /// spaces (it travels in an HTML attribute and a form body). Otherwise why not.
  package static func problem(_ token: String) -> String? {
    let bytes = Array(token.utf8)
    guard !bytes.isEmpty else { return "a token cannot be empty" }
    guard bytes.count <= maximumLength else { return "a token is at most \(maximumLength) characters" }
    guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return "a token is printable ASCII without spaces"
    }
    return nil
  }

  /// Whether `submitted` equals `expected`, taking the same time whatever the first
  /// differing byte is, so timing does not reveal how much of a guess was right.
  /// - Complexity: O(max(m, n)) in the two lengths.
  package static func matches(_ submitted: String, expected: String) -> Bool {
    let a = Array(submitted.utf8)
    let b = Array(expected.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<max(a.count, b.count) {
      let x = index < a.count ? a[index] : 0
      let y = index < b.count ? b[index] : 0
      difference |= x ^ y
    }
    return difference == 0
  }
}
