import Foundation
import Testing

@testable import RenderCore
@testable import RenderMoney

/// Locale tags come from outside, so the formatter cache has a bound.
@Suite struct MoneyFormatterCacheTests {
  @Test func theCacheNeverHoldsMoreThanItsLimit() throws {
    // More distinct locale identifiers than the limit (private-use subtags keep them apart).
    for index in 0..<(MoneyFormatter.cacheLimit + 20) {
      _ = MoneyFormatter.shared(currency: "USD", locale: Locale(identifier: "en-US-x-c\(index)"))
      #expect(MoneyFormatter.cachedFormatterCount <= MoneyFormatter.cacheLimit)
    }
    // A formatter made after the cache started over still formats the same.
    let formatter = MoneyFormatter.shared(currency: "USD", locale: Locale(identifier: "en_US"))
    #expect(formatter.format(try #require(Decimal(string: "14.30"))) == "$14.30")
  }
}
