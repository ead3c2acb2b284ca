import RenderCore

/// Writes trusted markup through the one HTML writer, the way a screen would.
struct RenderCoreHTML {
  mutating func render(_ html: TrustedHTML) -> String {
    var writer = HTMLWriter()
    writer.raw(html)
    return writer.output
  }
}
