import RenderHTML
import RenderLocalization
import Synchronization

/// The frame every screen shares: a complete, self-contained mobile page with the
/// session header (store name, device name, privacy-policy link).
///
/// The page loads nothing: CSS is inline, there is no script, and a Content Security
/// Policy forbids both, so even a bug elsewhere cannot run injected code. A page served
/// live (``RenderContext/host``) instead names its version and the server's one fixed
/// script, reloads itself when scripts are off, and leaves the policy to the server's
/// response header (see ``PageHost``).
///
/// What stands before and after the title depends on the context and the screen alone
/// (the head, the style sheets, the session header), so it is written once and later
/// pages copy its bytes (``Frame``).
package enum PageShell {
  /// A full HTML document as its UTF-8 bytes (valid UTF-8, see ``Screen/htmlUTF8(context:)``).
  /// `title` is the screen's name, followed in `<title>` by the store's unless
  /// `titleNamesStore` says the title already names it; `style` is the screen's own sheet
  /// (after ``PageStyle/base``); `content` writes the inside of `<main>`.
  /// - Parameter capacity: bytes reserved for the page up front (it grows if it must).
  package static func page(
    title: String, titleNamesStore: Bool = false, screen: StaticString, style: TrustedHTML,
    context: RenderContext, capacity: Int = 16 * 1024, content: (inout HTMLWriter) -> Void
  ) -> [UInt8] {
    let frame = Frame.shared(screen: screen, style: style, context: context)
    // Written straight into the array handed out, so the page is not copied at the end;
    // a page that outgrows `capacity` moves to the writer's own memory and is copied once.
    var outgrown: [UInt8]?
    let page = [UInt8](unsafeUninitializedCapacity: max(64, capacity)) { buffer, initializedCount in
      var html = HTMLWriter(writingInto: buffer)
      // A served page's version goes between the frame's pieces (it is not in the frame).
      let version = context.host.map { String($0.version) } ?? ""
      for (index, piece) in frame.beforeTitle.enumerated() {
        if index > 0 { html.text(version) }
        piece.withUnsafeBufferPointer { html.raw(written: $0) }
      }
      html.text(title)
      if !titleNamesStore, let store = context.configuration.storeName {
        html.text(" · ")
        html.text(store)
      }
      frame.afterTitle.withUnsafeBufferPointer { html.raw(written: $0) }
      content(&html)
      html.raw(literal: "</main>\n</body>\n</html>\n")
      if html.isWritingInPlace {
        initializedCount = html.byteCount
      } else {
        outgrown = html.bytes
        initializedCount = 0
      }
    }
    return outgrown ?? page
  }

  /// The bytes of a page around its title and content, for one context and screen. A
  /// served page's version (``PageHost/version``) is not part of it: it changes with every
  /// screen of a session, and a frame per version would have a long-running server make
  /// a frame for nearly every page and start its cache over again and again.
  struct Frame: Sendable {
    /// From the doctype to `<title>`, in pieces: the page's version goes between them
    /// (one piece without a host).
    let beforeTitle: [[UInt8]]
    /// From `</title>` to `<main class="content">` and its line feed.
    let afterTitle: [UInt8]

    /// Everything the frame's bytes depend on.
    struct Key: Hashable {
      var language: String
      var isRightToLeft: Bool
      /// The host with its version left out (0).
      var host: PageHost?
      var screen: String
      var style: String
      /// The session header's UI strings, as written (a test may bring its own catalog
      /// under a known tag).
      var connectedTo: MessageTemplate
      var website: MessageTemplate
      var privacyPolicy: MessageTemplate
      var storeName: String?
      var deviceName: String?
      var websiteURL: String?
      var privacyPolicyURL: String

      /// Hashed by a few short fields only: hashing kilobytes of CSS and every string per
      /// page would cost more than the cache saves. Equality still compares everything
      /// (cheaply: strings and arrays that share storage compare equal at once).
      func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(screen)
        hasher.combine(style.utf8.count)
        hasher.combine(storeName)
        hasher.combine(deviceName)
      }

      /// True when the key made for these would equal this one (every field compared).
      func describes(screen: StaticString, style: TrustedHTML, context: RenderContext) -> Bool {
        let configuration = context.configuration
        let strings = context.strings
        return language == context.locale.htmlLanguage && isRightToLeft == context.locale.isRightToLeft
          && host == Self.unversioned(context.host) && self.style == style.markup
          && screen.withUTF8Buffer { wanted in
            self.screen.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(wanted) } ?? false
          }
          && connectedTo == strings.template(.headerConnectedTo) && website == strings.template(.headerWebsite)
          && privacyPolicy == strings.template(.headerPrivacyPolicy) && storeName == configuration.storeName
          && deviceName == configuration.deviceName && websiteURL == configuration.websiteURL?.rawValue
          && privacyPolicyURL == configuration.privacyPolicyURL.rawValue
      }

      /// `host` with version 0: what the frame's bytes depend on.
      static func unversioned(_ host: PageHost?) -> PageHost? {
        guard var host else { return nil }
        host.version = 0
        return host
      }
    }

    /// Most frames kept at once: locale tags and session names come from outside, so a
    /// long-running server must not grow without bound. A full cache starts over;
    /// output does not change.
    static let cacheLimit = 64

    /// The frames, and the one used last: pages in a row mostly share their frame, and
    /// comparing with it spares hashing the key.
    private struct Cache {
      var frames: [Key: Frame] = [:]
      var last: (key: Key, frame: Frame)?
    }

    private static let cache = Mutex(Cache())

    /// How many frames the cache holds now (for tests).
    static var cachedCount: Int { cache.withLock { $0.frames.count } }

    static func shared(screen: StaticString, style: TrustedHTML, context: RenderContext) -> Frame {
      // The frame used last is compared field by field in place: making the key copies
      // a dozen strings and arrays, which costs more than the comparison.
      let last = cache.withLock { cache -> Frame? in
        cache.last?.key.describes(screen: screen, style: style, context: context) == true ? cache.last?.frame : nil
      }
      if let last { return last }
      let configuration = context.configuration
      let key = Key(
        language: context.locale.htmlLanguage, isRightToLeft: context.locale.isRightToLeft,
        host: Key.unversioned(context.host),
        screen: screen.description, style: style.markup,
        connectedTo: context.strings.template(.headerConnectedTo), website: context.strings.template(.headerWebsite),
        privacyPolicy: context.strings.template(.headerPrivacyPolicy),
        storeName: configuration.storeName, deviceName: configuration.deviceName,
        websiteURL: configuration.websiteURL?.rawValue, privacyPolicyURL: configuration.privacyPolicyURL.rawValue)
      let known = cache.withLock { cache -> Frame? in
        guard let frame = cache.frames[key] else { return nil }
        cache.last = (key, frame)
        return frame
      }
      if let known { return known }
      let made = Frame(screen: screen, style: style, context: context)
      cache.withLock { cache in
        if cache.frames.count >= cacheLimit { cache.frames.removeAll() }
        cache.frames[key] = made
        cache.last = (key, made)
      }
      return made
    }

    private init(screen: StaticString, style: TrustedHTML, context: RenderContext) {
      var html = HTMLWriter(capacity: 8 * 1024)
      var pieces: [[UInt8]] = []
      PageShell.writeHead(context: context, into: &html) { html in
        pieces.append(html.bytes)
        html = HTMLWriter(capacity: 1024)
      }
      pieces.append(html.bytes)
      beforeTitle = pieces
      html = HTMLWriter(capacity: 8 * 1024)
      PageShell.writeAfterTitle(screen: screen, style: style, context: context, into: &html)
      afterTitle = html.bytes
    }
  }

  /// The doctype, `<html>`, and the head up to `<title>`. Where a served page's version
  /// goes, `version` is called instead of writing it.
  private static func writeHead(
    context: RenderContext, into html: inout HTMLWriter, version: (inout HTMLWriter) -> Void
  ) {
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>"))
    html.newline()
    html.start("html")
    html.attribute("lang", context.locale.htmlLanguage)
    html.attribute("dir", context.locale.isRightToLeft ? "rtl" : "ltr")
    html.endStartTag()
    html.newline()
    html.raw(TrustedHTML(literal: "<head>"))
    html.newline()
    html.void("meta", [.init("charset", "utf-8")])
    html.newline()
    html.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")])
    html.newline()
    html.void("meta", [.init("name", "color-scheme"), .init("content", "light dark")])
    html.newline()
    html.void("meta", [.init("name", "referrer"), .init("content", "no-referrer")])
    html.newline()
    if let host = context.host {
      hostedHead(host, into: &html, version: version)
    } else {
      html.void(
        "meta",
        [
          .init("http-equiv", ContentSecurityPolicyField.name),
          .init(
            "content",
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'"),
        ])
      html.newline()
    }
    // An empty icon of the page's own: without one, WebKit and Firefox ask for
    // `/favicon.ico` by themselves and the policy refuses it (an error in the customer's
    // console on every screen). The policy allows `data:` images for it.
    html.void("link", [.init("rel", "icon"), .init("href", "data:,")])
    html.newline()
    html.raw(TrustedHTML(literal: "<title>"))
  }

  /// The text of the `<style>` element of a page whose screen's own sheet is `style`: the
  /// sheet a Content Security Policy names by its hash.
  package static func styleElementText(_ style: TrustedHTML) -> String {
    PageStyle.base.markup + style.markup
  }

  /// From `</title>` to the start of `<main>`: the style sheets, `<body>`, the session header.
  private static func writeAfterTitle(
    screen: StaticString, style: TrustedHTML, context: RenderContext, into html: inout HTMLWriter
  ) {
    html.end("title")
    html.newline()
    html.element("style") {
      $0.raw(PageStyle.base)
      $0.raw(style)
    }
    html.newline()
    html.end("head")
    html.newline()
    html.start("body")
    html.attribute("class", "screen-\(screen)")
    html.endStartTag()
    html.newline()
    sessionHeader(context: context, into: &html)
    html.start("main")
    html.attribute("class", "content")
    html.endStartTag()
    html.newline()
  }

  /// A served page's head: its version, the live script, and the reload with scripts
  /// off. The policy comes in the server's response header.
  private static func hostedHead(
    _ host: PageHost, into head: inout HTMLWriter, version: (inout HTMLWriter) -> Void
  ) {
    head.raw(literal: #"<meta name="screen-version" content=""#)
    version(&head)
    head.raw(literal: #"">"#)
    head.newline()
    head.element(
      "script", [.init("src", host.scriptPath), .init("integrity", host.scriptIntegrity), .init(flag: "defer")])
    head.newline()
    if let seconds = host.refreshSeconds {
      head.element("noscript") {
        $0.raw(literal: #"<meta http-equiv="refresh" content=""#)
        $0.text(String(seconds) + "; url=?shown=")
        version(&$0)
        $0.raw(literal: #"">"#)
      }
      head.newline()
    }
  }

  private static func sessionHeader(context: RenderContext, into html: inout HTMLWriter) {
    let configuration = context.configuration
    let strings = context.strings
    html.element("header", class: "session") { header in
      header.newline()
      if let store = configuration.storeName {
        header.element("p", class: "store") { $0.isolated(store) }
        header.newline()
      }
      if let device = configuration.deviceName {
        header.element("p", class: "device") {
          $0.text(strings.template(.headerConnectedTo), isolated: true) { position, html in
            if position == 1 { html.text(device) }
          }
        }
        header.newline()
      }
      header.element("nav", class: "links") { nav in
        if let website = configuration.websiteURL {
          nav.element(
            "a", [.init("href", website.rawValue), .init("rel", "noopener noreferrer")], text: strings(.headerWebsite))
        }
        nav.element(
          "a",
          [.init("href", configuration.privacyPolicyURL.rawValue), .init("rel", "noopener noreferrer privacy-policy")],
          text: strings(.headerPrivacyPolicy))
      }
      header.newline()
    }
    html.newline()
  }
}
