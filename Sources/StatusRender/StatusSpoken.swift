import RenderCore

/// A status screen as a screen reader meets it (the `spoken` format), mirroring
/// ``StatusHTML``: the status region (polite and atomic, as `role="status"` is) holding
/// the title as the page's heading (the store's name in it isolated, as `<bdi>` does) and
/// the subtitle; the symbol is `aria-hidden`.
package enum StatusSpoken {
  /// The status's tree as UTF-8 bytes.
  package static func renderUTF8(_ screen: StatusScreen, context: RenderContext) -> [UInt8] {
    let title = screen.title(context).text
    return SpokenPage.page(title: title, titleNamesStore: screen.titleNamesStore, context: context) { main in
      main.node("status", states: ["live polite", "atomic"]) { region in
        region.node(SpokenWriter.heading(1), name: region.translated(screen.title(context)))
        region.node("paragraph") { $0.text(screen.subtitle(context)) }
      }
    }
  }
}
