import Foundation
import RenderJSON

/// Reading an amount is money's business (its currency's minor units and rounding), so
/// it lives here, over the strict JSON layer, which knows nothing of money.
extension JSONValue {
  /// An amount in whole currency units, decoded exactly from the literal.
  ///
  /// - Parameter currency: the session currency's minor units. An amount with more
  ///   decimal places is rounded as the native screen's currency format rounds it
  ///   (half to even, as Foundation's `FormatStyle` and ICU do) and a warning naming the
  ///   path is logged; nil (`diff`) keeps every place.
  package func amount(at path: JSONPath, currency: CurrencyMinorUnits?, log: inout ProblemLog) -> Decimal? {
    guard case .number(let literal) = self else {
      log.add(path, "expected an amount (a JSON number), found \(typeName)")
      return nil
    }
    switch DecimalLiteral(literal) {
    case .none:
      log.add(path, "\(Echo.literal(literal)) is not an amount")
      return nil
    case .some(let parsed):
      guard parsed.integerDigits <= DecimalLiteral.maximumIntegerDigits else {
        log.add(
          path,
          "\(Echo.literal(literal)) is too large for an amount (at most \(DecimalLiteral.maximumIntegerDigits) digits before the decimal point)"
        )
        return nil
      }
      guard parsed.significantDigits <= DecimalLiteral.maximumSignificantDigits else {
        log.add(
          path, "\(Echo.literal(literal)) has more than \(DecimalLiteral.maximumSignificantDigits) significant digits")
        return nil
      }
      if let currency, parsed.scale > currency.fractionDigits {
        let places = parsed.scale == 1 ? "1 decimal place" : "\(parsed.scale) decimal places"
        log.warn(path, "warning: \(places), \(currency.code) has \(currency.fractionDigits); shown rounded")
        return currency.rounded(parsed.value)
      }
      return parsed.value
    }
  }
}
