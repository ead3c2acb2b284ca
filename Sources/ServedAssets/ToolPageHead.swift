import RenderCore

extension HTMLWriter {
  /// The `<head>` of a local tool's page (the preview's controls, `strings review`): UTF-8,
  /// the phone-friendly viewport, `title`, the page's one style sheet inline and its one
  /// script from `scriptPath`, deferred, each allowed by its hash in the page's policy.
  package mutating func toolPageHead(title: String, style: StaticString, scriptPath: String, integrity: String) {
    element("head") { head in
      head.void("meta", [.init("charset", "utf-8")])
      head.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")])
      head.element("title", text: title)
      head.element("style") { $0.raw(TrustedHTML(literal: style)) }
      head.element("script", [.init("src", scriptPath), .init("integrity", integrity), .init(flag: "defer")])
    }
  }
}
