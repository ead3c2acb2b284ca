import CartRender
import RenderCore
import StatusRender

/// Session configuration JSON → validation → the welcome screen and a cart in that
/// session (store name, device name, links, currency, region).
enum ConfigurationHarness {
  static let harness = FuzzHarness(
    name: "configuration", summary: "configuration JSON → SessionConfiguration → welcome screen and cart",
    check: check)

  static let cart = ShoppingCart(
    items: [
      .init(id: "A", name: "Hair Spray", quantity: 4, totalPrice: 20, totalAdjustedPrice: 15, descriptions: ["11 oz"])
    ],
    summary: .init(summaryLines: [.init(label: "Shipping", value: .text("Free"))], footer: nil, total: 15))

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    let json: JSONValue
    do { json = try JSONParser.parse(bytes) } catch {
      try OutputProperties.checkErrors(error, "configuration JSON")
      return
    }
    let configuration: SessionConfiguration
    do { configuration = try SessionConfiguration(json: json) } catch {
      try OutputProperties.checkErrors(error, "configuration")
      return
    }
    let locale = setting.pick(FuzzSetting.sessions).locale
    let context = RenderContext(configuration: configuration, localeTag: locale)
    try ScreenCheck.check(
      StatusScreen.connected, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "welcome")
    try ScreenCheck.check(cart, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "cart")
  }
}
