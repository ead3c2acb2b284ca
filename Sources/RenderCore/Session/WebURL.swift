import Foundation

/// The one check every link the engine writes goes through: the session's privacy-policy
/// and website addresses, and the links in a request's terms.
///
/// Stricter than a browser's parser on purpose, so a link goes where it reads: the URL
/// must be absolute with one of the allowed schemes; characters a WHATWG "valid URL
/// string" never holds unescaped (spaces, quotes, `<>`, `\`, controls, bidi overrides)
/// are refused rather than guessed at, and so is a user name or password
/// (`https://bank.example@evil.example`), which a valid URL string never holds either.
/// An `http:` or `https:` URL needs a host of letters, digits, `-` and `.` (international
/// names included) or an IPv6 literal, and a port from 0 to 65535, so `https:evil.example`,
/// `https:/evil.example`, `https:///evil.example` and `https://` are refused. Other schemes
/// (`mailto:`, `tel:`) need something after the colon.
///
/// A value is an `http:` or `https:` link that passed this check, made only by its
/// initializers; the static ``problem(_:schemes:)`` checks links of other schemes
/// (a request's terms) without making one.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL exactly as given, e.g. `https://example.com/privacy`.
  public let rawValue: String

  /// The link `text`; nil when the check above refuses it as an `http:` or `https:` URL.
  public init?(_ text: String) {
    guard Self.problem(text, schemes: Self.hostSchemes) == nil else { return nil }
    rawValue = text
  }

  /// The link `text` when the check accepts it with one of `schemes` (lower case, each
  /// `http` or `https`).
  /// - Throws: the first ``Problem`` found otherwise.
  package init(_ text: String, schemes: Set<String>) throws(Problem) {
    if let problem = Self.problem(text, schemes: schemes.intersection(Self.hostSchemes)) { throw problem }
    rawValue = text
  }

  /// The URL, e.g. `https://example.com/privacy`.
  public var description: String { rawValue }

  /// Why a text is not an acceptable link.
  package enum Problem: Error, Sendable, Equatable {
    /// No scheme: a relative reference, or not a URL at all.
    case notAbsolute
    /// A scheme outside the allowed ones, lower-cased.
    case scheme(String)
    /// A character a URL may not hold unescaped.
    case character(Unicode.Scalar)
    /// A user name or password before the host.
    case credentials
    /// An `http:` or `https:` URL without a valid host, or another scheme with nothing after it.
    case host
    /// A port outside 0–65535.
    case port
  }

  /// Schemes whose URLs name a host (WHATWG's special schemes that links use).
  static let hostSchemes: Set<String> = ["http", "https"]

  /// Nil when `text` is an acceptable link with one of `schemes` (lower case); otherwise
  /// the first problem, checked in the order of ``Problem``'s cases.
  package static func problem(_ text: String, schemes: Set<String>) -> Problem? {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
      return .notAbsolute
    }
    guard schemes.contains(scheme) else { return .scheme(scheme) }
    if let bad = text.unicodeScalars.first(where: isForbidden) { return .character(bad) }
    if components.user != nil || components.password != nil { return .credentials }
    if hostSchemes.contains(scheme) {
      guard let host = components.host, !host.isEmpty, isValidHost(host) else { return .host }
      if let port = components.port, !(0...65535).contains(port) { return .port }
    } else if components.path.isEmpty {
      return .host
    }
    return nil
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\"", "'", "<", ">", "\\", "^", "`", "{", "|", "}": return true
    default:
      switch scalar.properties.generalCategory {
      case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }
  }

  /// Letters, digits, `-` and `.` (international names included), or an IPv6 literal.
  private static func isValidHost(_ host: String) -> Bool {
    if host.hasPrefix("[") || host.contains(":") {
      return host.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isASCIIHexDigit || "[]:.".unicodeScalars.contains($0))
      }
    }
    return host.unicodeScalars.allSatisfy {
      $0 == "-" || $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType == .decimal
    } && !host.hasPrefix(".") && !host.contains("..")
  }
}
