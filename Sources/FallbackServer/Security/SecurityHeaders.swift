import CartRender
import FormRender
import RenderCore
import StatusRender

/// The headers every answer carries, added in one place (``RelayServer/handle(_:)``): the contract's
/// four for customer pages, sent on every answer so none can miss them.
///
/// The policy allows no inline script or style but by hash: the live script's hash and
/// the hashes of the engine's style sheets, which the server learns at start by
/// rendering one screen of each kind (welcome and statuses, a cart, an updated cart, a
/// form), so the script may swap one screen's sheet for another's. Nothing else loads:
/// no images, no fonts, no frames, connections only to this origin (the live updates).
struct SecurityHeaders: Sendable {
  let contentSecurityPolicy: String
  let scriptIntegrity: String

  init() {
    scriptIntegrity = ContentDigest.sha256Source(LiveScript.source)
    let styles = Self.styleSheets().map { "'\(ContentDigest.sha256Source($0))'" }
    contentSecurityPolicy = [
      "default-src 'none'", "script-src '\(scriptIntegrity)'", "style-src \(styles.joined(separator: " "))",
      "connect-src 'self'", "img-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'",
    ].joined(separator: "; ")
  }

  /// Adds the headers to `response`.
  func apply(to response: inout HTTPResponse) {
    response.headers += [
      ("Content-Security-Policy", contentSecurityPolicy),
      ("Referrer-Policy", "no-referrer"),
      ("X-Content-Type-Options", "nosniff"),
      ("Cache-Control", "no-store"),
    ]
  }

  /// The distinct `<style>` contents of the engine's screens, as served.
  static func styleSheets() -> [String] {
    var context = RenderContext(configuration: .default, localeTag: nil)
    context.host = PageHost(scriptPath: LiveScript.path, scriptIntegrity: "", version: 1, refreshSeconds: nil)
    let item = ShoppingCart.Item(id: "A", name: "A", quantity: 1, totalPrice: 1, totalAdjustedPrice: nil)
    let cart = ShoppingCart(items: [item])
    var screens: [any Screen] = [StatusScreen.connected, cart, FormScreen(FormRequest(kind: .customerInfo))]
    if let update = try? CartUpdate(cart, previous: ShoppingCart(items: [])) { screens.append(update) }
    let pages = screens.map { $0.html(context: context) }
    var sheets: [String] = []
    for page in pages {
      if let sheet = styleSheet(of: page), !sheets.contains(sheet) { sheets.append(sheet) }
    }
    return sheets
  }

  /// The text of the page's first `<style>` element: the engine's own sheet, which comes
  /// before any merchant text that could hold the same letters (escaped anyway).
  static func styleSheet(of page: String) -> String? {
    guard let open = page.range(of: "<style>"),
      let close = page.range(of: "</style>", range: open.upperBound..<page.endIndex)
    else { return nil }
    return String(page[open.upperBound..<close.lowerBound])
  }
}
