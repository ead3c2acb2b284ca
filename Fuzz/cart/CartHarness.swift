import CartRender
import RenderCore

/// Cart JSON → validation → HTML and text, in a session chosen from the input.
enum CartHarness {
  static let harness = FuzzHarness(
    name: "cart", summary: "cart JSON → ShoppingCart validation → cart HTML and text", check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    let context = setting.context
    guard let cart = try decode(bytes, currency: context.configuration.currency, "cart") else { return }
    try ScreenCheck.check(cart, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "cart")
  }

  /// The cart, or nil when it is refused with errors that keep the error properties.
  static func decode(_ bytes: [UInt8], currency: String?, _ label: String) throws(PropertyFailure) -> ShoppingCart? {
    let json: JSONValue
    do { json = try JSONParser.parse(bytes) } catch {
      try OutputProperties.checkErrors(error, label + " JSON")
      return nil
    }
    do { return try ShoppingCart(json: json, currency: currency) } catch {
      try OutputProperties.checkErrors(error, label)
      return nil
    }
  }
}
