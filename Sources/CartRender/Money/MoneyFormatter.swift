import Foundation
import Synchronization

/// Formats amounts and quantities for one (locale, currency) pair with Foundation's
/// `FormatStyle`, which follows CLDR: symbol, its position, separators, digits and the
/// currency's minor units (`15,00 $US` in fr-FR, `¥1,500` in ja-JP, `KWD 1.500` in en-US).
///
/// Styles are built once per pair and cached; ``shared(currency:locale:)`` is the way to
/// get one.
public struct MoneyFormatter: Sendable {
  public let currency: String
  public let locale: Locale
  private let currencyStyle: Decimal.FormatStyle.Currency
  private let integerStyle: IntegerFormatStyle<Int>

  private init(currency: String, locale: Locale) {
    self.currency = currency
    self.locale = locale
    currencyStyle = Decimal.FormatStyle.Currency(code: currency, locale: locale)
    integerStyle = IntegerFormatStyle<Int>(locale: locale)
  }

  private struct Key: Hashable {
    var currency: String
    var locale: String
  }

  private static let cache = Mutex<[Key: MoneyFormatter]>([:])

  /// The cached formatter for `currency` (ISO 4217) in `locale`.
  public static func shared(currency: String, locale: Locale) -> MoneyFormatter {
    let key = Key(currency: currency, locale: locale.identifier)
    return cache.withLock { formatters in
      if let cached = formatters[key] { return cached }
      let made = MoneyFormatter(currency: currency, locale: locale)
      formatters[key] = made
      return made
    }
  }

  /// `amount` (whole currency units) as the customer reads it, invisible direction marks
  /// (U+200F, U+061C) and non-breaking spaces (U+00A0, U+202F) included.
  public func format(_ amount: Decimal) -> String { amount.formatted(currencyStyle) }

  /// A count in the locale's digits (`٤` in ar-EG).
  public func format(_ count: Int) -> String { count.formatted(integerStyle) }
}
