/// The frame every screen shares: a complete, self-contained mobile page with the
/// session header (store name, device name, privacy-policy link).
///
/// The page loads nothing: CSS is inline, there is no script, and a Content Security
/// Policy forbids both, so even a bug elsewhere cannot run injected code. A page served
/// live (``RenderContext/host``) instead names its version and the server's one fixed
/// script, reloads itself when scripts are off, and leaves the policy to the server's
/// response header (see ``PageHost``).
public enum PageShell {
  /// A full HTML document. `title` is the screen's name, `style` its own sheet (after
  /// ``PageStyle/base``); `content` writes the inside of `<main>`.
  public static func page(
    title: String, screen: StaticString, style: TrustedHTML, context: RenderContext,
    content: (inout HTMLWriter) -> Void
  ) -> String {
    let strings = context.strings
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>"))
    html.newline()
    html.element(
      "html", [.init("lang", context.locale.htmlLanguage), .init("dir", context.locale.isRightToLeft ? "rtl" : "ltr")]
    ) {
      html in
      html.newline()
      html.element("head") { head in
        head.newline()
        head.void("meta", [.init("charset", "utf-8")])
        head.newline()
        head.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")])
        head.newline()
        head.void("meta", [.init("name", "color-scheme"), .init("content", "light dark")])
        head.newline()
        head.void("meta", [.init("name", "referrer"), .init("content", "no-referrer")])
        head.newline()
        if let host = context.host {
          hostedHead(host, into: &head)
        } else {
          head.void(
            "meta",
            [
              .init("http-equiv", "Content-Security-Policy"),
              .init(
                "content",
                "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'self'; base-uri 'none'"),
            ])
          head.newline()
        }
        let store = context.configuration.storeName.map { " · \($0)" } ?? ""
        head.element("title", text: title + store)
        head.newline()
        head.element("style") {
          $0.raw(PageStyle.base)
          $0.raw(style)
        }
        head.newline()
      }
      html.newline()
      html.element("body", [.init("class", "screen-\(screen)")]) { body in
        body.newline()
        sessionHeader(context: context, strings: strings, into: &body)
        body.element("main", [.init("class", "content")]) { main in
          main.newline()
          content(&main)
        }
        body.newline()
      }
      html.newline()
    }
    html.newline()
    return html.output
  }

  /// A served page's head: its version, the live script, and the reload with scripts
  /// off. The policy comes in the server's response header.
  private static func hostedHead(_ host: PageHost, into head: inout HTMLWriter) {
    head.void("meta", [.init("name", "screen-version"), .init("content", String(host.version))])
    head.newline()
    head.element(
      "script", [.init("src", host.scriptPath), .init("integrity", host.scriptIntegrity), .init(flag: "defer")])
    head.newline()
    if let seconds = host.refreshSeconds {
      head.element("noscript") {
        $0.void(
          "meta", [.init("http-equiv", "refresh"), .init("content", "\(seconds); url=?shown=\(host.version)")])
      }
      head.newline()
    }
  }

  /// Writes a translated string whose inserted values are each isolated in `<bdi>`,
  /// so a Hebrew name cannot reorder the words around it.
  public static func translated(_ parts: [Placeholders.Part], into html: inout HTMLWriter) {
    for part in parts {
      switch part {
      case .literal(let text): html.text(text)
      case .argument(let value): html.isolated(value)
      }
    }
  }

  private static func sessionHeader(context: RenderContext, strings: StringTable, into html: inout HTMLWriter) {
    let configuration = context.configuration
    html.element("header", [.init("class", "session")]) { header in
      header.newline()
      if let store = configuration.storeName {
        header.element("p", [.init("class", "store")]) { $0.isolated(store) }
        header.newline()
      }
      if let device = configuration.deviceName {
        header.element("p", [.init("class", "device")]) {
          translated(strings.parts(.headerConnectedTo, device), into: &$0)
        }
        header.newline()
      }
      header.element("nav", [.init("class", "links")]) { nav in
        if let website = configuration.websiteURL {
          nav.element(
            "a", [.init("href", website), .init("rel", "noopener noreferrer")], text: strings(.headerWebsite))
        }
        nav.element(
          "a", [.init("href", configuration.privacyPolicyURL), .init("rel", "noopener noreferrer privacy-policy")],
          text: strings(.headerPrivacyPolicy))
      }
      header.newline()
    }
    html.newline()
  }
}
