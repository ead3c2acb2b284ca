import CartRender
import RenderCore
import StatusRender

/// A `--locale` tag and an `Accept-Language` value (the input's first line and the
/// rest) → the render locale → a cart and a status screen in it.
enum LocaleHarness {
  static let harness = FuzzHarness(
    name: "locale", summary: "locale tag (first line) and Accept-Language (rest) → RenderLocale → cart and status",
    check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    let setting = FuzzSetting(bytes)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let tagText = String(parts[0])
    let header = parts.count > 1 ? String(parts[1]) : nil
    let tag = tagText.isEmpty ? nil : LanguageTag(tagText)
    if let tag {
      // A tag reads back as itself: what `--locale` echoes and `lang` carries.
      guard LanguageTag(tag.description) == tag else {
        throw PropertyFailure("locale.roundTrip", "\(tagText.debugDescription) reads back differently")
      }
    }
    if let header {
      let ranges = AcceptLanguage.ranges(header)
      guard ranges == AcceptLanguage.ranges(header) else {
        throw PropertyFailure("deterministic", "Accept-Language ranges differ between two reads")
      }
    }
    let session = setting.pick(FuzzSetting.sessions)
    let configuration =
      SessionConfiguration(
        currency: session.currency, region: session.region, privacyPolicyURL: "https://example.com/privacy") ?? .default
    let context = RenderContext(configuration: configuration, tag: tag, acceptLanguage: header)
    // One screen per input: the cart (amounts, quantities, digits) or a status.
    if setting.hash & 1 == 0 {
      try ScreenCheck.check(
        ConfigurationHarness.cart, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "cart")
    } else {
      try ScreenCheck.check(
        StatusScreen.paymentFailed, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "status")
    }
  }
}
