internal import CGnuTLS
import Foundation

/// SHA-256 from GnuTLS (Debian's `libgnutls28-dev`), for the hashes a Content Security
/// Policy names (`'sha256-…'`) and a script's `integrity`. The only file that calls GnuTLS,
/// which is opened (`libgnutls.so.30`) on first use, not linked: see Sources/CGnuTLS.
enum ContentDigest {
  /// Why GnuTLS cannot be used (the loader's message), or nil once it is loaded. The
  /// server checks this before it listens (``HTTPDaemon``), so it never serves pages
  /// whose hashes are missing.
  static var loadProblem: String? { tts_gnutls_load().map { String(cString: $0) } }

  /// `sha256-` followed by the base64 of the text's UTF-8 SHA-256 (CSP 3, SRI).
  static func sha256Source(_ text: String) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBytes { output in
        tts_gnutls_hash_fast(GNUTLS_DIG_SHA256, input.baseAddress, input.count, output.baseAddress)
      }
    }
    // GnuTLS fails only when it cannot be loaded (and then the server does not start:
    // ``loadProblem``) or without SHA-256 support, which no Debian build lacks; an empty
    // hash matches nothing, so a page stays without script and style, never unsafe.
    guard status == 0 else { return "sha256-" }
    return "sha256-" + Data(digest).base64EncodedString()
  }
}
