import CartRender
import FormRender
import RenderCore
import StatusRender

/// Every `<style>` element text a served page can carry, one per kind of screen: the
/// Content Security Policy allows each by its hash (``ContentHashes/styleSheets``), so
/// the live script may swap one screen's sheet for another's. A screen whose sheet is
/// not listed here would have its style blocked; the tests render each kind of screen
/// and check its sheet is listed.
package enum StyleSheets {
  package static let all: [String] = [
    StatusStyle.css,
    CartStyle.css,
    CartStyle.css + CartStyle.updates,
    FormStyle.css,
  ].map(PageShell.styleElementText)
}
