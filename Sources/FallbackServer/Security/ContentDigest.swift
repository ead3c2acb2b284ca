internal import CGnuTLS
import Foundation

/// SHA-256 from GnuTLS (Debian's `libgnutls28-dev`), for the hashes a Content Security
/// Policy names (`'sha256-…'`) and a script's `integrity`. The only file that calls GnuTLS.
enum ContentDigest {
  /// `sha256-` followed by the base64 of the text's UTF-8 SHA-256 (CSP 3, SRI).
  static func sha256Source(_ text: String) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBytes { output in
        gnutls_hash_fast(GNUTLS_DIG_SHA256, input.baseAddress, input.count, output.baseAddress)
      }
    }
    // GnuTLS fails only without SHA-256 support, which no Debian build lacks; an empty
    // hash then matches nothing, so the page stays without script and style, never unsafe.
    guard status == 0 else { return "sha256-" }
    return "sha256-" + Data(digest).base64EncodedString()
  }
}
