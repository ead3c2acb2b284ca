internal import CICUShim
import Foundation
import Synchronization

/// The one file that calls ICU's C API (Debian's libicu): Unicode properties for
/// display width, UAX #14 line breaking, current ISO 4217 codes and ISO 3166 regions, and
/// for UI languages CLDR's likely subtags, parent locales and plural rules.
package enum ICU {
  package static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
    cicu_is_east_asian_wide(Int32(scalar.value)) != 0
  }
  package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool { cicu_is_zero_width(Int32(scalar.value)) != 0 }
  package static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
    cicu_is_emoji_presentation(Int32(scalar.value)) != 0
  }

  /// UAX #14 line-break opportunities in `text`, as UTF-16 offsets in ascending order,
  /// the last being the text's UTF-16 length. Nil if ICU fails.
  package static func lineBreakOffsets(_ text: Substring, locale: String) -> [Int]? {
    // ICU locale IDs use underscores. Japanese gets strict line breaking (CSS
    // `line-break: strict`): no line starts with a small kana or a prolonged sound mark.
    var locale = String(locale.map { $0 == "-" ? "_" : $0 })
    if locale == "ja" || locale.hasPrefix("ja_") { locale += "@lb=strict" }
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    return LineBreakers.with(locale: locale) { breaker -> [Int]? in
      // There are never more break opportunities than code units.
      var offsets = [Int32](repeating: 0, count: units.count)
      let count = units.withUnsafeBufferPointer { unitBuffer in
        offsets.withUnsafeMutableBufferPointer { offsetBuffer in
          cicu_line_breaker_run(
            breaker.pointer, unitBuffer.baseAddress, Int32(unitBuffer.count), offsetBuffer.baseAddress,
            Int32(offsetBuffer.count))
        }
      }
      guard count >= 0 else { return nil }
      return offsets.prefix(Int(count)).map(Int.init)
    } ?? nil
  }

  /// True for a common, non-deprecated ISO 4217 code (not XXX, XTS, or a withdrawn code such as ESP or DEM).
  package static func isCurrentCurrency(_ code: String) -> Bool { cicu_is_current_currency(code) != 0 }

  /// True for an ISO 3166-1 alpha-2 country code (not EU, not a deprecated code).
  package static func isISOCountry(_ code: String) -> Bool { cicu_is_iso_country(code) != 0 }

  /// True when CLDR knows `code` as a region: ISO 3166-1 (`CH`), UN M.49 (`419`).
  static func isKnownRegion(_ code: String) -> Bool { cicu_is_known_region(code) != 0 }

  /// True when `code` is a region's own code in CLDR, not an alias, a deprecated code or
  /// the unknown region `ZZ` (see `cicu_is_region_code`).
  static func isRegionCode(_ code: String) -> Bool { cicu_is_region_code(code) != 0 }

  /// True when ICU has the numbering system `name` (`latn`, `arab`).
  static func isNumberingSystem(_ name: String) -> Bool { cicu_is_numbering_system(name) != 0 }

  /// True for right-to-left letters and explicit bidi controls (U+202A–E, U+2066–9).
  package static func needsBidiIsolation(_ scalar: Unicode.Scalar) -> Bool {
    cicu_needs_bidi_isolation(Int32(scalar.value)) != 0
  }

  /// ICU's likely-subtags maximization of a BCP 47 tag (`zh-TW` gives `zh-Hant-TW`), nil if ICU fails.
  static func maximizedTag(_ tag: String) -> String? {
    ascii(capacity: 160) { cicu_maximize_tag(tag, $0, $1) }
  }

  /// The CLDR fallback chain of a BCP 47 tag, most specific first, without root
  /// (`es-MX es-419 es`); just the tag when ICU has no data for it.
  static func localeFallbacks(_ tag: String) -> [String] {
    guard let chain = ascii(capacity: 512, { cicu_locale_fallbacks(tag, $0, $1) }) else { return [tag] }
    return chain.split(separator: " ").map(String.init)
  }

  /// The locale a BCP 47 tag names under another name in ICU's CLDR data (`nb` gives
  /// `no`: its bundle holds nothing but that parent), nil for a tag with data of its own.
  static func sameDataParent(_ tag: String) -> String? {
    ascii(capacity: 160) { cicu_same_data_parent(tag, $0, $1) }
  }

  /// A locale's cardinal plural rules (an ICU `UPluralRules`), nil if ICU fails; closed by
  /// ``closePluralRules(_:)``.
  static func openPluralRules(_ tag: String) -> OpaquePointer? { cicu_plural_rules_open(tag) }

  static func closePluralRules(_ rules: OpaquePointer?) { cicu_plural_rules_close(rules) }

  /// The CLDR plural category keyword (`one`, `few`…) of `count`, nil if ICU fails.
  static func pluralCategory(_ rules: OpaquePointer, _ count: Int) -> String? {
    ascii(capacity: 16) { cicu_plural_rules_select(rules, Int64(count), $0, $1) }
  }

  /// The category keywords the rules use, space-separated, nil if ICU fails.
  static func pluralCategories(_ rules: OpaquePointer) -> String? {
    ascii(capacity: 64) { cicu_plural_rules_categories(rules, $0, $1) }
  }

  /// Calls a shim function that writes ASCII into a buffer and returns its length (-1 on failure).
  private static func ascii(
    capacity: Int, _ write: (UnsafeMutablePointer<CChar>, Int32) -> Int32
  ) -> String? {
    var buffer = [CChar](repeating: 0, count: capacity)
    let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
      guard let base = pointer.baseAddress else { return -1 }
      return write(base, Int32(capacity))
    }
    guard length > 0, Int(length) < capacity else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// ICU line-break iterators by locale, each opened once and reused for every paragraph
/// (`ubrk_setText`): opening one loads and compiles the rules, which cost more than
/// breaking a paragraph. A caller takes an iterator out of the pool, uses it alone, and
/// puts it back, so two threads never share one.
enum LineBreakers {
  /// An open iterator. Only the caller that took it from the pool touches it.
  struct Breaker: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
  }

  private static let idle = Mutex<[String: [Breaker]]>([:])

  /// Most locales whose idle iterators are kept: locale tags come from outside
  /// (`--locale`, `Accept-Language`, a snapshot matrix), and an iterator holds its rules.
  /// A new locale when the pool is full closes every idle iterator and starts over.
  static let localeLimit = 16

  /// How many locales have idle iterators now (for tests).
  static var idleLocaleCount: Int { idle.withLock { $0.count } }

  /// `body` with an iterator for `locale`; nil when ICU cannot open one.
  static func with<Result>(locale: String, _ body: (Breaker) -> Result) -> Result? {
    let taken = idle.withLock { $0[locale]?.popLast() }
    guard let breaker = taken ?? cicu_line_breaker_open(locale).map(Breaker.init) else { return nil }
    let result = body(breaker)
    let closing = idle.withLock { pool -> [Breaker] in
      var closing: [Breaker] = []
      if pool[locale] == nil, pool.count >= localeLimit {
        closing = pool.values.flatMap { $0 }
        pool.removeAll()
      }
      pool[locale, default: []].append(breaker)
      return closing
    }
    // Closed outside the lock; an iterator in use is never in the pool.
    for breaker in closing { cicu_line_breaker_close(breaker.pointer) }
    return result
  }

}

/// An ICU collator for one locale (`ucol_open`, the locale's default attributes), opened
/// once per locale by ``shared(_:)`` and closed when the last user lets it go. ICU's
/// collators may be read from many threads at once.
package final class ICUCollator: @unchecked Sendable {
  private let pointer: UnsafeMutableRawPointer

  private init?(locale: String) {
    guard let pointer = cicu_collator_open(locale) else { return nil }
    self.pointer = pointer
  }

  deinit { cicu_collator_close(pointer) }

  private static let cache = Mutex<[String: ICUCollator]>([:])

  /// Most collators kept at once: locale tags come from outside. A full cache starts over.
  static let cacheLimit = 32

  /// The collator of `locale` (a BCP 47 tag such as `ja-JP`, or an ICU locale ID), opened
  /// on first use; nil when ICU cannot open one.
  package static func shared(_ locale: String) -> ICUCollator? {
    if let cached = cache.withLock({ $0[locale] }) { return cached }
    guard let made = ICUCollator(locale: locale) else { return nil }
    return cache.withLock { collators in
      if let cached = collators[locale] { return cached }
      if collators.count >= cacheLimit { collators.removeAll() }
      collators[locale] = made
      return made
    }
  }

  /// `text`'s sort key: two keys compared byte by byte (the shorter first when one is a
  /// prefix of the other, as `Array`'s `lexicographicallyPrecedes` does) order their
  /// texts as `ucol_strcoll` does. Nil when ICU fails.
  package func sortKey(_ text: String) -> [UInt8]? {
    let units = Array(text.utf16)
    var capacity = max(32, units.count * 4)
    while true {
      var key = [UInt8](repeating: 0, count: capacity)
      let length = units.withUnsafeBufferPointer { unitBuffer in
        key.withUnsafeMutableBufferPointer { keyBuffer in
          cicu_collator_sort_key(
            pointer, unitBuffer.baseAddress, Int32(unitBuffer.count), keyBuffer.baseAddress, Int32(keyBuffer.count))
        }
      }
      guard length > 0 else { return nil }
      if Int(length) <= capacity {
        // The key ends in a zero byte, which adds nothing to comparisons.
        key.removeLast(capacity - Int(length) + 1)
        return key
      }
      capacity = Int(length)
    }
  }
}
