import RenderSpoken

/// The frame every screen's `spoken` rendering shares, mirroring ``PageShell``: the
/// document named by the page's title, the session header as the `banner` (store name,
/// "Connected to …", the links in a `navigation`), then `main` with the screen's content.
/// The store's and the device's names are isolated as the header isolates them (`<bdi>`);
/// the title, which the browser shows outside the page, is not.
package enum SpokenPage {
  /// The whole tree's UTF-8 bytes; `title` is the screen's name (the store's is added as
  /// the page's `<title>` adds it, unless `titleNamesStore`), `content` writes the inside
  /// of `main`.
  package static func page(
    title: String, titleNamesStore: Bool = false, context: RenderContext, content: (inout SpokenWriter) -> Void
  ) -> [UInt8] {
    let configuration = context.configuration
    let strings = context.strings
    var documentTitle = title
    if !titleNamesStore, let store = configuration.storeName { documentTitle += " · " + store }
    var tree = SpokenWriter(rightToLeft: context.locale.isRightToLeft)
    tree.node("document", name: documentTitle) { page in
      page.node("banner") { header in
        if let store = configuration.storeName {
          header.node("paragraph") { $0.text($0.isolated(store)) }
        }
        if let device = configuration.deviceName {
          header.node("paragraph") { $0.text($0.translated(strings.filled(.headerConnectedTo, device))) }
        }
        header.node("navigation") { nav in
          if configuration.websiteURL != nil { nav.node("link", name: strings(.headerWebsite)) }
          nav.node("link", name: strings(.headerPrivacyPolicy))
        }
      }
      page.node("main", children: content)
    }
    return tree.bytes
  }
}
