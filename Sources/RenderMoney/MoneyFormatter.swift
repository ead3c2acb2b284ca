import Foundation
import RenderBase
import Synchronization

/// Formats amounts and quantities for one (locale, currency) pair as Foundation's
/// `FormatStyle` does, following CLDR: symbol, its position, separators, digits and the
/// currency's minor units (`15,00 $US` in fr-FR, `¥1,500` in ja-JP, `KWD 1.500` in en-US).
///
/// Foundation is the source of truth but costs microseconds per amount, so the pattern
/// it follows for the pair is learned once (``NumberPattern``) and amounts are written
/// from their digits; a pair whose learned pattern does not write every probe value
/// exactly as Foundation does keeps formatting with Foundation (``isCompiled`` is then
/// false). `scripts/money-differential` compares both ways over every locale and
/// currency.
///
/// Formatters are made once per pair and cached; ``shared(currency:locale:)`` is the
/// way to get one.
///
/// `@usableFromInline`, as are the few members its inlinable writes read: the compiler
/// hands another module a `package` type's inlinable bodies only then, and the writes
/// must be specialized for the module's writer (docs/PERFORMANCE.md). It makes nothing
/// public.
@usableFromInline
package struct MoneyFormatter: Sendable {
  /// Everything a formatter holds, behind one reference: a page takes its formatter out
  /// of the cache by value, and a copy then retains and releases this one object (the
  /// styles' many fields, each reference-counted, cost more than the look-up when they
  /// were copied, and so did two writers beside the reference).
  @usableFromInline let state: State

  /// The learned amount pattern as it is written. A field of `state`, read from the
  /// object where it lies: plain pointers and bits, so writing an amount retains
  /// nothing (reading the ``Compiled`` object instead retained and released it, twice
  /// per amount).
  @inlinable var amountWriter: Writer? { state.amountWriter }
  /// ``amountWriter`` for counts.
  @inlinable var countWriter: Writer? { state.countWriter }

  package var currency: String { state.currency }
  package var locale: Locale { state.locale }
  private var currencyStyle: Decimal.FormatStyle.Currency { state.currencyStyle }
  private var integerStyle: IntegerFormatStyle<Int> { state.integerStyle }
  var amountPattern: Compiled? { state.amountPattern }
  var countPattern: Compiled? { state.countPattern }

  /// A compiled pattern's packed layout and the bytes it can write.
  ///
  /// Safety: `packed` points into the storage of a ``Compiled`` object that the
  /// ``State`` holding this value holds too, so it lives as long as that state (a
  /// writer is only read out of its state for one write); that storage is never written
  /// after it is made, hence `@unchecked Sendable`.
  @usableFromInline
  struct Writer: @unchecked Sendable {
    @usableFromInline let packed: NumberPattern.Packed
    /// ``NumberPattern/textBytes``: every byte the pattern can write.
    @usableFromInline let bytes: ByteSet

    init(_ compiled: Compiled) {
      packed = compiled.packed
      bytes = compiled.bytes
    }
  }

  @usableFromInline
  final class State: Sendable {
    // The writers come first, before any field of Foundation's types: those types' sizes
    // are known to this module only at run time, and a field laid out after one of them
    // is read through its offset, loaded from a global, on every amount.
    /// `amountPattern`'s layout and bytes, which the object itself keeps alive.
    @usableFromInline let amountWriter: Writer?
    /// `countPattern`'s layout and bytes.
    @usableFromInline let countWriter: Writer?
    let currency: String
    let locale: Locale
    let currencyStyle: Decimal.FormatStyle.Currency
    let integerStyle: IntegerFormatStyle<Int>
    let amountPattern: Compiled?
    let countPattern: Compiled?

    init(currency: String, locale: Locale) {
      self.currency = currency
      self.locale = locale
      let currencyStyle = Decimal.FormatStyle.Currency(code: currency, locale: locale)
      let integerStyle = IntegerFormatStyle<Int>(locale: locale)
      self.currencyStyle = currencyStyle
      self.integerStyle = integerStyle
      let amountPattern = Compiled(NumberPattern.learn(wholeNumbers: false) { $0.formatted(currencyStyle) })
      let countPattern = Compiled(MoneyFormatter.countPattern(locale: locale, style: integerStyle))
      self.amountPattern = amountPattern
      self.countPattern = countPattern
      amountWriter = amountPattern.map(Writer.init)
      countWriter = countPattern.map(Writer.init)
    }
  }

  /// A learned pattern behind a reference: a formatter is copied freely, its pattern's
  /// arrays are not. Its text is also packed into one allocation the object owns
  /// (``NumberPattern/Packed``), so writing an amount retains nothing.
  ///
  /// Safety: `storage` is allocated here with the size and alignment the pattern asks
  /// for, filled once by `packed(into:)` and never written again, and freed only in
  /// `deinit`; `packed` points into it and lives in the same object, so it never
  /// outlives it. Nothing writes after `init`, hence `@unchecked Sendable`.
  final class Compiled: @unchecked Sendable {
    let pattern: NumberPattern
    /// Points into `storage`.
    let packed: NumberPattern.Packed
    /// ``NumberPattern/textBytes``: every byte the pattern can write.
    let bytes: ByteSet
    private let storage: UnsafeMutableRawBufferPointer

    init?(_ pattern: NumberPattern?) {
      guard let pattern else { return nil }
      self.pattern = pattern
      bytes = pattern.textBytes
      storage = .allocate(byteCount: pattern.packedByteCount, alignment: NumberPattern.Packed.alignment)
      packed = pattern.packed(into: storage)
    }

    deinit { storage.deallocate() }
  }

  private init(currency: String, locale: Locale) { state = State(currency: currency, locale: locale) }

  /// Quantities depend on the locale alone: learned once per locale.
  private static let countPatterns = Mutex<[String: NumberPattern?]>([:])

  private static func countPattern(locale: Locale, style: IntegerFormatStyle<Int>) -> NumberPattern? {
    if let known = countPatterns.withLock({ $0[locale.identifier] }) { return known }
    let learned = NumberPattern.learn(wholeNumbers: true) { value in DecimalDigits.integer(value).map(style.format) }
    countPatterns.withLock { patterns in
      if patterns.count >= cacheLimit { patterns.removeAll() }
      patterns[locale.identifier] = learned
    }
    return learned
  }

  private struct Key: Hashable {
    var currency: String
    var locale: String
  }

  /// The formatters, and the one handed out last: pages in a row mostly share their
  /// pair, and comparing with it spares hashing the key.
  private struct Cache {
    var formatters: [Key: MoneyFormatter] = [:]
    var last: (key: Key, formatter: MoneyFormatter)?
  }

  private static let cache = Mutex(Cache())

  /// Most (currency, locale) formatters, and locales' quantity patterns, kept at once:
  /// locale tags come from outside (`Accept-Language`), so a long-running server must
  /// not grow without bound. A full cache starts over; output does not change.
  static let cacheLimit = 256

  /// How many formatters the cache holds now (for tests).
  static var cachedFormatterCount: Int { cache.withLock { $0.formatters.count } }

  /// The cached formatter for `currency` (ISO 4217) in `locale`.
  package static func shared(currency: String, locale: Locale) -> MoneyFormatter {
    let key = Key(currency: currency, locale: locale.identifier)
    let known = cache.withLock { cache -> MoneyFormatter? in
      if let last = cache.last, last.key == key { return last.formatter }
      guard let cached = cache.formatters[key] else { return nil }
      cache.last = (key, cached)
      return cached
    }
    if let known { return known }
    // Learned outside the lock: another thread may learn the same pair meanwhile, and
    // the first one stored wins; both are the same.
    let made = MoneyFormatter(currency: currency, locale: locale)
    return cache.withLock { cache in
      if let cached = cache.formatters[key] { return cached }
      if cache.formatters.count >= cacheLimit { cache.formatters.removeAll() }
      cache.formatters[key] = made
      cache.last = (key, made)
      return made
    }
  }

  /// True when amounts and quantities are written from the learned patterns; false
  /// when either pattern failed its check and Foundation writes that kind of value.
  package var isCompiled: Bool { amountPattern != nil && countPattern != nil }

  /// The currency's decimal places in this pair's formatting (2 for USD, 0 for JPY),
  /// nil when Foundation formats the pair itself.
  package var fractionDigits: Int? { amountPattern?.pattern.fractionDigits }

  /// `amount` (whole currency units) as the customer reads it, invisible direction marks
  /// (U+200F, U+061C) and non-breaking spaces (U+00A0, U+202F) included.
  package func format(_ amount: Decimal) -> String {
    amountPattern?.packed.withUTF8(amount) { String(decoding: $0, as: UTF8.self) } ?? amount.formatted(currencyStyle)
  }

  /// A count in the locale's digits (`٤` in ar-EG).
  package func format(_ count: Int) -> String {
    countPattern?.packed.withUTF8(count) { String(decoding: $0, as: UTF8.self) } ?? count.formatted(integerStyle)
  }

  /// Calls `body` with the UTF-8 of ``format(_:)-(Decimal)``'s text, the same bytes
  /// written by the same code, without making a `String` when the pattern is compiled.
  package func withUTF8<Result>(_ amount: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let compiled = amountPattern, let result = compiled.packed.withUTF8(amount, body) { return result }
    var text = amount.formatted(currencyStyle)
    return text.withUTF8(body)
  }

  /// Every byte the learned amount pattern can write; nil when Foundation writes the
  /// amounts. A writer checks it once before letting ``write(_:into:)-(Decimal,_)``
  /// lay amounts out unscanned.
  @inlinable
  package var amountBytes: ByteSet? { amountWriter?.bytes }

  /// ``amountBytes`` for counts.
  @inlinable
  package var countBytes: ByteSet? { countWriter?.bytes }

  /// Lays `amount` out straight into `sink` by the learned pattern, the bytes
  /// ``withUTF8(_:_:)-(Decimal,_)`` would hand out; false, nothing written, when there is
  /// no learned pattern or the amount's digits cannot be read.
  @inlinable
  package func write<Sink: ByteSink & ~Copyable>(_ amount: Decimal, into sink: inout Sink) -> Bool {
    guard let writer = amountWriter else { return false }
    return writer.packed.write(amount, into: &sink)
  }

  /// ``write(_:into:)-(Decimal,_)`` for a count.
  @inlinable
  package func write<Sink: ByteSink & ~Copyable>(_ count: Int, into sink: inout Sink) -> Bool {
    guard let writer = countWriter else { return false }
    writer.packed.write(count, into: &sink)
    return true
  }

  /// Calls `body` with the UTF-8 of ``format(_:)-(Int)``'s text.
  package func withUTF8<Result>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let compiled = countPattern { return compiled.packed.withUTF8(count, body) }
    var text = count.formatted(integerStyle)
    return text.withUTF8(body)
  }

  /// Foundation's own writing of `amount`, which ``format(_:)-(Decimal)`` matches byte
  /// for byte: the reference of the differential test.
  package func referenceFormat(_ amount: Decimal) -> String { amount.formatted(currencyStyle) }

  /// Foundation's own writing of `count`.
  package func referenceFormat(_ count: Int) -> String { count.formatted(integerStyle) }
}
