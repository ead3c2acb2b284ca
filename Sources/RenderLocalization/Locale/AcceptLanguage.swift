/// An HTTP `Accept-Language` header (RFC 9110 §12.5.4) as language ranges in preference order.
package enum AcceptLanguage {
  /// The ranges by descending quality; ties keep the header's order. Ranges with `q=0`
  /// (not acceptable), the wildcard `*`, and malformed parts are left out.
  package static func ranges(_ header: String) -> [LanguageTag] {
    var weighted: [(tag: LanguageTag, quality: Int, position: Int)] = []
    for (position, part) in header.split(separator: ",").enumerated() {
      let pieces = part.split(separator: ";").map { $0.trimmingWhitespace() }
      guard let rangeText = pieces.first, let tag = LanguageTag(rangeText) else { continue }
      var quality = 1000
      var malformed = false
      for parameter in pieces.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
        guard pair.count == 2, pair[0].lowercased() == "q", let value = qvalue(pair[1]) else {
          malformed = true
          continue
        }
        quality = value
      }
      if malformed || quality == 0 { continue }
      weighted.append((tag, quality, position))
    }
    return weighted.sorted { ($0.quality, -$0.position) > ($1.quality, -$1.position) }.map(\.tag)
  }

  /// A qvalue per RFC 9110 (`0`, `0.5`, `1.000`) in thousandths; nil if malformed.
  private static func qvalue(_ text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = parts.first, whole == "0" || whole == "1", parts.count <= 2 else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let thousandths = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) ?? 0
    let value = (whole == "1" ? 1000 : 0) + thousandths
    return value <= 1000 ? value : nil
  }
}

extension StringProtocol {
  /// Without white space at either end; one pass from each end, no reversed copies.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
