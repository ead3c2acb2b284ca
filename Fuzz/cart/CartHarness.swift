import CartRender
import RenderCore

/// Cart JSON → validation → HTML and text, in a session chosen from the input.
enum CartHarness {
  static let harness = FuzzHarness(
    name: "cart", summary: "cart JSON → ShoppingCart validation → cart HTML and text", check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    let context = setting.context
    var warnings: [DataProblem] = []
    guard let cart = try decode(bytes, currency: context.configuration.currency.rawValue, warnings: &warnings, "cart")
    else {
      return
    }
    for warning in warnings {
      try OutputProperties.checkErrorLine(warning.description, "cart warning")
      guard warning.description.hasPrefix("$"), warning.message.hasPrefix("warning: ") else {
        throw PropertyFailure("warnings.jsonPath", "cart warning \(warning.description.prefix(120))")
      }
    }
    let html = try ScreenCheck.check(
      cart, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "cart")
    try checkStrikeThrough(cart, html: html, context: context)
  }

  /// An item shows its original price struck through exactly when the two prices
  /// format to different figures: the native screen never strikes `$15.00` for `$15.00`.
  static func checkStrikeThrough(_ cart: ShoppingCart, html: String, context: RenderContext) throws(PropertyFailure) {
    let money = MoneyFormatter.shared(currency: context.configuration.currency.rawValue, locale: context.locale.locale)
    var struck = 0
    for item in cart.items where item.isAdjusted {
      guard let adjusted = item.totalAdjustedPrice, money.format(adjusted) != money.format(item.totalPrice) else {
        throw PropertyFailure("cart.strikeThrough", "\(item.id.prefix(40)): both prices show the same figure")
      }
      struck += 1
    }
    let shown = OutputProperties.occurrences(of: "<s>", in: html)
    guard shown == struck else {
      throw PropertyFailure("cart.strikeThrough", "\(shown) prices struck through for \(struck) adjusted items")
    }
  }

  /// The cart, or nil when it is refused with errors that keep the error properties.
  static func decode(
    _ bytes: [UInt8], currency: String?, warnings: inout [DataProblem], _ label: String
  ) throws(PropertyFailure) -> ShoppingCart? {
    let json: JSONValue
    do { json = try JSONParser.parse(bytes) } catch {
      try OutputProperties.checkErrors(error, label + " JSON")
      return nil
    }
    do { return try ShoppingCart(json: json, currency: currency, warnings: &warnings) } catch {
      try OutputProperties.checkErrors(error, label)
      return nil
    }
  }

  static func decode(_ bytes: [UInt8], currency: String?, _ label: String) throws(PropertyFailure) -> ShoppingCart? {
    var ignored: [DataProblem] = []
    return try decode(bytes, currency: currency, warnings: &ignored, label)
  }
}
