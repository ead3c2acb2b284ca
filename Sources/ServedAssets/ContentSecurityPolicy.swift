/// A Content Security Policy (CSP Level 3): directives, each with its sources, in the
/// order they are written. Built from typed parts, never edited as text, so a policy
/// derived from another (``setting(_:to:)``) changes exactly one directive.
package struct ContentSecurityPolicy: Sendable, Equatable, CustomStringConvertible {
  /// Where a directive allows loading from.
  package enum Source: Sendable, Equatable {
    /// `'none'`: nothing.
    case none
    /// `'self'`: this origin.
    case this
    /// `'sha256-…'`: the one inline or fetched text with this hash (``ContentHashes``).
    case hash(String)
    /// `data:`: URLs that carry their content (the page's empty icon).
    case data

    var text: String {
      switch self {
      case .none: "'none'"
      case .this: "'self'"
      case .hash(let hash): "'\(hash)'"
      case .data: "data:"
      }
    }
  }

  /// The directives the servers write.
  package enum Directive: String, Sendable, Equatable {
    case defaultSrc = "default-src"
    case scriptSrc = "script-src"
    case styleSrc = "style-src"
    case connectSrc = "connect-src"
    case frameSrc = "frame-src"
    case imgSrc = "img-src"
    case formAction = "form-action"
    case frameAncestors = "frame-ancestors"
    case baseURI = "base-uri"
  }

  package struct Entry: Sendable, Equatable {
    package var directive: Directive
    package var sources: [Source]
  }

  package private(set) var entries: [Entry]

  package init(_ entries: [(Directive, [Source])]) {
    self.entries = entries.map { Entry(directive: $0.0, sources: $0.1) }
  }

  /// The same policy with `directive`'s sources replaced (added last when absent).
  package func setting(_ directive: Directive, to sources: [Source]) -> ContentSecurityPolicy {
    var changed = self
    if let index = changed.entries.firstIndex(where: { $0.directive == directive }) {
      changed.entries[index].sources = sources
    } else {
      changed.entries.append(Entry(directive: directive, sources: sources))
    }
    return changed
  }

  /// The header's value: `default-src 'none'; script-src 'sha256-…'; …`.
  package var description: String {
    entries.map { ([$0.directive.rawValue] + $0.sources.map(\.text)).joined(separator: " ") }
      .joined(separator: "; ")
  }
}
