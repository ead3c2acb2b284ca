import CartRender
import FormRender
import Foundation
import HeadlessBrowser
import RenderCore
import RenderLocalization
import StatusRender

/// `strings export --screenshots`: every screen in each language, captured in one headless
/// Chromium with each UI string outlined where it shows, and which screenshots show each
/// string. A screen is rendered with ``StringMarkers/marked`` strings, whose invisible marks
/// look like nothing, so the picture is the customer's page; the script of ``markScript``
/// finds the marks and outlines each string's boxes. Each screen is captured three ways:
/// the page (`NAME.png`, 390 CSS px, light), its plain text (`NAME.text.png`) and what a
/// screen reader reads of it (`NAME.spoken.png`), so a string only a screen reader or the
/// text preview shows is seen too.
struct StringsScreenshots {
  var inputs: InputFiles
  var options: StringsOptions

  /// What the capture gives: by language, each key's screenshots (paths relative to the
  /// export folder), and the files to write there.
  struct Result {
    var screenshots: [String: [String: [String]]] = [:]
    var files: [(path: String, bytes: [UInt8])] = []
  }

  /// One screen to capture, and the session it is shown in.
  struct Shot {
    var name: String
    var screen: any Screen
    var configuration: SessionConfiguration
  }

  func capture(_ tags: [String]) throws -> Result {
    let executable = ProcessInfo.processInfo.environment["RENDER_CLI_CHROMIUM"] ?? BrowserSession.defaultExecutable
    let browser: BrowserSession
    do {
      browser = try BrowserSession(executable: executable)
    } catch {
      throw RunFailure.unavailable("\(error)")
    }
    defer { browser.close() }
    var result = Result()
    let page: PageCapture
    do { page = try browser.newPage() } catch { throw RunFailure.unavailable("\(error)") }
    defer { page.close() }
    for tag in tags {
      var byKey: [String: [String]] = [:]
      var marks: [String: Any] = [:]
      for shot in try shots(tag) {
        let context = RenderContext(
          configuration: shot.configuration, tag: LanguageTag(tag), acceptLanguage: nil, strings: StringMarkers.marked)
        let pages = [
          ("\(shot.name).png", shot.screen.render(.html, context: context)),
          ("\(shot.name).text.png", Self.preformatted(shot.screen.render(.text, context: context, width: 40), tag)),
          ("\(shot.name).spoken.png", Self.preformatted(shot.screen.render(.spoken, context: context), tag)),
        ]
        for (file, html) in pages {
          let capture: PageCapture.Capture
          let found: DevToolsValue
          do {
            capture = try page.capture(html: html, profile: .standard, script: Self.markScript)
            found = try page.evaluate("window.__stringMarks")
          } catch {
            throw RunFailure.unavailable("\(tag)/\(file): \(error)")
          }
          let path = "\(tag)/\(file)"
          result.files.append((path, capture.png))
          var entries: [[String: Any]] = []
          for mark in found.array ?? [] {
            guard let key = mark["key"]?.string, let boxes = mark["boxes"]?.array, !boxes.isEmpty else { continue }
            if byKey[key]?.last != path { byKey[key, default: []].append(path) }
            entries.append(["key": key, "boxes": boxes.map { box in (box.array ?? []).map { $0.number ?? 0 } }])
          }
          marks[file] = entries
        }
      }
      result.screenshots[tag] = byKey
      let json = try JSONSerialization.data(withJSONObject: marks, options: [.sortedKeys, .prettyPrinted])
      result.files.append(("\(tag)/marks.json", Array(json) + [0x0A]))
    }
    return result
  }

  /// The screens: the carts, a cart update, every form fresh and with the errors each
  /// kind of wrong value gives, addresses in the layouts with their own labels, and every
  /// status, with and without the store's name.
  ///
  /// - Parameter strings: the strings the forms' errors are worded in when a post is
  ///   parsed (those the screens are then rendered with).
  func shots(_ tag: String, strings: UIStrings = StringMarkers.marked) throws -> [Shot] {
    let folder = URL(fileURLWithPath: options.examplesDirectory)
    func input(_ name: String) throws -> Input { try inputs.read(folder.appending(path: name).path) }
    var warnings: [String] = []
    var configuration = try input("session.json").decode { json throws(DataErrors) in
      try SessionConfiguration(json: json)
    }
    configuration.websiteURL = configuration.websiteURL ?? WebURL("https://example.com")
    var shots: [Shot] = []
    for name in ["cart-hair-spray", "cart-empty"] {
      let cart = try input("\(name).json").decodeCart(currency: configuration.currency.rawValue, warnings: &warnings)
      shots.append(Shot(name: name, screen: cart, configuration: configuration))
    }
    let update = try Runner.cartScreen(
      try input("cart-update-after.json"), previous: try input("cart-update-before.json"),
      currency: configuration.currency.rawValue, warnings: &warnings)
    shots.append(Shot(name: "cart-update", screen: update, configuration: configuration))
    // A post's errors are worded when it is parsed: in the language, marked.
    let context = RenderContext(
      configuration: configuration, tag: LanguageTag(tag), acceptLanguage: nil, strings: strings)
    let tooLong = String(repeating: "a", count: 300)
    let forms: [(file: String, posts: [(name: String, body: String)])] = [
      (
        "request-signup",
        [
          ("opt-ins", "action=share&emailOptInSelection=true&smsOptInSelection=true"),
          ("wrong-values", "action=share&name=%01&emailAddress=name&phoneNumber=abc"),
          ("too-long", "action=share&name=\(tooLong)&phoneNumber=12"),
        ]
      ),
      (
        "request-shipping-address",
        [
          ("US", "action=share&country=US&postalCode=abc"), ("GB", "action=share&country=GB"),
          ("JP", "action=share&country=JP"), ("AU", "action=share&country=AU"), ("IN", "action=share&country=IN"),
          ("CA", "action=share&country=CA"), ("NZ", "action=share&country=NZ"),
          ("unlisted-country", "action=share&country=ZZ"),
        ]
      ),
      ("request-check-in", [("errors", "action=share")]),
      (#"{"request": "signup", "purpose": "accountCreation", "fields": ["emailAddress"]}"#, []),
      (#"{"request": "signup", "purpose": "accountUpdate", "fields": ["emailAddress"]}"#, []),
      (#"{"request": "customerInfo", "fields": ["emailAddress", "phoneNumber"]}"#, []),
      (#"{"request": "customerInfo", "purpose": "receipt", "fields": ["emailAddress"]}"#, []),
      (#"{"request": "address", "fields": []}"#, []),
      (#"{"request": "address", "purpose": "billing", "fields": []}"#, []),
    ]
    for form in forms {
      // An example file by name, or a request written here, named by its kind and purpose.
      let given = form.file.hasPrefix("{") ? Input(label: "<request>", bytes: Array(form.file.utf8)) : nil
      let request = try (given ?? input("\(form.file).json")).decode { json throws(DataErrors) in
        try FormRequest(json: json)
      }
      let name = given == nil ? form.file : "request-\(request.kind.rawValue)-\(request.purpose?.rawValue ?? "none")"
      shots.append(Shot(name: name, screen: FormScreen(request), configuration: configuration))
      for post in form.posts {
        let body = Array(post.body.utf8)
        guard
          case .invalid(let errors) = try? FormSubmission.parse(
            body, request: request, context: context, expectedToken: nil)
        else { continue }
        let values = try? URLEncodedForm(decoding: body)
        shots.append(
          Shot(
            name: "\(name)-\(post.name)", screen: FormScreen(request, state: FormState(values: values, errors: errors)),
            configuration: configuration))
      }
    }
    for status in StatusScreen.allCases {
      shots.append(Shot(name: "status-\(status.rawValue)", screen: status, configuration: configuration))
    }
    var unnamed = configuration
    unnamed.storeName = nil
    shots.append(Shot(name: "status-connected-no-store-name", screen: StatusScreen.connected, configuration: unnamed))
    return shots
  }

  /// Plain text or a spoken tree as a page: each line in the order and direction the
  /// text gives, each marked string a `span` whose `data-key` names it.
  static func preformatted(_ text: String, _ tag: String) -> String {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>\n"))
    html.element("html", [.init("lang", tag)]) { html in
      html.element("head") { head in
        head.void("meta", [.init("charset", "utf-8")])
        head.element("style") { style in
          style.raw(
            TrustedHTML(
              literal: """
                body{margin:16px;background:#fff;color:#111}
                pre{font:14px/1.6 monospace;white-space:pre-wrap;unicode-bidi:plaintext;margin:0}
                """))
        }
      }
      html.element("body") { body in
        body.element("pre") { pre in
          for piece in StringMarkers.pieces(text) {
            switch piece {
            case .text(let text): pre.text(text)
            case .start(let key):
              pre.start("span")
              pre.attribute("data-key", key.rawValue)
              pre.endStartTag()
            case .end: pre.end("span")
            }
          }
        }
      }
    }
    return html.output
  }

  /// Finds every marked string (marks in the page's text, or `data-key` spans), outlines
  /// each box of it that shows (not clipped away, as a screen-reader-only text is), and
  /// keeps the boxes in CSS pixels of the page in `window.__stringMarks`, placed again
  /// when the page is resized (the capture makes the viewport as long as the page).
  static let markScript = """
    (() => {
      const keys = [\(StringMarkers.keysByIndex.map { "\"\($0)\"" }.joined(separator: ","))];
      const OPEN = 0xE005B, CLOSE = 0xE005D, ZERO = 0xE0030;
      const found = [];
      const open = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.data;
        for (let i = 0; i < text.length; ) {
          const code = text.codePointAt(i);
          if (code !== OPEN && code !== CLOSE) { i += code > 0xFFFF ? 2 : 1; continue; }
          let j = i + 2, index = 0, digits = 0;
          for (; digits < 3 && j < text.length; digits++, j += 2) {
            const digit = text.codePointAt(j) - ZERO;
            if (digit < 0 || digit > 9) break;
            index = index * 10 + digit;
          }
          if (digits === 3 && code === OPEN) open.push({ index, node, offset: j });
          if (digits === 3 && code === CLOSE) {
            for (let s = open.length - 1; s >= 0; s--) {
              if (open[s].index !== index) continue;
              const start = open.splice(s, 1)[0];
              const range = document.createRange();
              range.setStart(start.node, start.offset);
              range.setEnd(node, i);
              found.push({ key: keys[index], range });
              break;
            }
          }
          i = j;
        }
      }
      for (const element of document.querySelectorAll('[data-key]')) {
        const range = document.createRange();
        range.selectNodeContents(element);
        found.push({ key: element.dataset.key, range });
      }
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.x-string-mark{position:absolute;box-sizing:border-box;border:2px solid #ff00c8;pointer-events:none;z-index:2147483647}');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const layer = document.createElement('div');
      document.documentElement.appendChild(layer);
      function shown(range, rect) {
        let box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        let element = range.commonAncestorContainer;
        if (element.nodeType !== 1) element = element.parentElement;
        for (; element && element !== document.documentElement; element = element.parentElement) {
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden' || style.opacity === '0') return null;
          if (style.clip !== 'auto' && style.position === 'absolute') return null;
          if (style.overflow !== 'visible') {
            const clip = element.getBoundingClientRect();
            box = { left: Math.max(box.left, clip.left), top: Math.max(box.top, clip.top),
                    right: Math.min(box.right, clip.right), bottom: Math.min(box.bottom, clip.bottom) };
          }
        }
        if (box.right - box.left < 2 || box.bottom - box.top < 2) return null;
        return box;
      }
      function place() {
        layer.replaceChildren();
        const marks = [];
        for (const { key, range } of found) {
          // A string's pieces on one line (the runs of a bidirectional line, an argument
          // in its own element) make one box.
          const parts = [];
          for (const rect of range.getClientRects()) {
            const box = shown(range, rect);
            if (!box) continue;
            const line = parts.find((p) => Math.min(p.bottom, box.bottom) - Math.max(p.top, box.top) >
              Math.min(p.bottom - p.top, box.bottom - box.top) / 2 &&
              box.left <= p.right + 8 && box.right >= p.left - 8);
            if (!line) { parts.push(box); continue; }
            line.left = Math.min(line.left, box.left); line.right = Math.max(line.right, box.right);
            line.top = Math.min(line.top, box.top); line.bottom = Math.max(line.bottom, box.bottom);
          }
          const boxes = [];
          for (const box of parts) {
            const x = Math.floor(box.left + scrollX) - 3, y = Math.floor(box.top + scrollY) - 3;
            const w = Math.ceil(box.right + scrollX) + 3 - x, h = Math.ceil(box.bottom + scrollY) + 3 - y;
            const mark = document.createElement('div');
            mark.className = 'x-string-mark';
            mark.style.left = x + 'px'; mark.style.top = y + 'px';
            mark.style.width = w + 'px'; mark.style.height = h + 'px';
            layer.appendChild(mark);
            boxes.push([x, y, w, h]);
          }
          if (boxes.length) marks.push({ key, boxes });
        }
        window.__stringMarks = marks;
      }
      place();
      addEventListener('resize', place);
      return true;
    })()
    """
}
