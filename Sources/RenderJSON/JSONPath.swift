/// A location in a JSON document, written the way error lines print it:
/// `$`, `$.items[1].id`, `$["odd key"]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  var components: [Component]

  /// The document itself, `$`.
  package static let root = JSONPath(components: [])

  @usableFromInline
  package func appending(key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }
  package func appending(index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }
  /// `other` re-rooted here: `$.items[0]` appended to `$.cart` is `$.cart.items[0]`.
  package func appending(path other: JSONPath) -> JSONPath { JSONPath(components: components + other.components) }

  /// The path as error lines print it: `$.items[1].id`.
  public var description: String {
    var text = "$"
    for component in components {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let key) where Self.isPlainName(key): text += "." + key
      case .key(let key): text += "[" + Echo.quoted(key) + "]"
      }
    }
    return text
  }

  private static func isPlainName(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
    return key.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_")
    }
  }
}
