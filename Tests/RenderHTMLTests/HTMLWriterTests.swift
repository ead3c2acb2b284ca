import Foundation
import Testing

@testable import RenderCore
@testable import RenderHTML
@testable import RenderLocalization
@testable import RenderMoney

@Suite struct HTMLWriterTests {
  /// The constant entity set is the set of the listed entity bytes, and a set of any one
  /// byte meets it exactly when that byte needs an entity.
  @Test func entityByteSetIsTheEntityBytes() {
    #expect(HTMLWriter.entityByteSet == ByteSet(HTMLWriter.entityBytes))
    for byte in UInt8.min...UInt8.max {
      #expect(
        ByteSet([byte]).isDisjoint(with: HTMLWriter.entityByteSet) == !HTMLWriter.entityBytes.contains(byte), "\(byte)")
    }
  }

  @Test func textEscapesEveryMarkupCharacter() {
    var html = HTMLWriter()
    html.element("p", text: "<script>alert(1)</script> & &amp; \"q\" 'a'")
    #expect(html.output == "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &amp;amp; \"q\" 'a'</p>")
  }

  @Test func attributesAreQuotedAndEscaped() {
    var html = HTMLWriter()
    html.element("li", [.init("data-item-id", "\" onmouseover=\"alert(1)"), .init("title", "a&b<c>'")], text: "x")
    #expect(html.output == "<li data-item-id=\"&quot; onmouseover=&quot;alert(1)\" title=\"a&amp;b&lt;c&gt;'\">x</li>")
  }

  @Test func voidAndFlagAttributes() {
    var html = HTMLWriter()
    html.void("input", [.init("type", "checkbox"), .init(flag: "checked")])
    #expect(html.output == "<input type=\"checkbox\" checked>")
  }

  @Test func trustedHTMLIsTheOnlyRawPath() {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<hr>"))
    html.text("<hr>")
    #expect(html.output == "<hr>&lt;hr&gt;")
  }

  @Test func trustedPiecesJoinInOrder() {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "a{}") + TrustedHTML(literal: "b{}"))
    #expect(html.output == "a{}b{}")
  }

  @Test func nonASCIIPassesThroughUnchanged() {
    var html = HTMLWriter()
    html.text("Zoë 東京都 \u{200F}١٥\u{A0}US$")
    #expect(html.output == "Zoë 東京都 \u{200F}١٥\u{A0}US$")
  }

  @Test func stepByStepStartTagsEscapeEveryValue() {
    var html = HTMLWriter()
    let classes = "a&b"
    html.start("li")
    html.attribute("data-item-id", "\" onmouseover=\"alert(1)" as String)
    html.attribute("class", classes)
    html.attribute("title") {
      $0.text("x<y")
      $0.text("\"")
    }
    html.attribute(flag: "hidden")
    html.endStartTag()
    html.text("<b>")
    html.end("li")
    #expect(
      html.output
        == "<li data-item-id=\"&quot; onmouseover=&quot;alert(1)\" class=\"a&amp;b\" title=\"x&lt;y&quot;\" hidden>&lt;b&gt;</li>"
    )
  }

  @Test func templatesEscapeTheirTextAndIsolateTheirArguments() {
    var html = HTMLWriter()
    let template: MessageTemplate = [.literal("<To> "), .argument(1), .literal(" & "), .argument(2)]
    html.text(template, isolated: true) { position, html in html.text(position == 1 ? "Zoë <3" : "B") }
    #expect(html.output == "&lt;To&gt; <bdi>Zoë &lt;3</bdi> &amp; <bdi>B</bdi>")
  }

  @Test func amountsAreTheFormattersBytes() throws {
    let money = MoneyFormatter.shared(currency: "EUR", locale: Locale(identifier: "fr_FR"))
    let amount = try #require(Decimal(string: "-1234.565"))
    var html = HTMLWriter()
    html.text(amount, in: money)
    html.text(count: 12_345, in: money)
    #expect(html.output == money.format(amount) + money.format(12_345))
    #expect(html.output == money.referenceFormat(amount) + money.referenceFormat(12_345))
  }

  /// Amounts and counts laid out straight into the page (a markup-free pattern) are
  /// Foundation's text, escaped as any text would be: in locales whose digits, marks,
  /// grouping and separators differ.
  @Test(arguments: ["en-US", "ar-EG", "en-IN", "hi-IN", "de-CH", "fr-FR", "ja-JP", "fa-IR", "he-IL", "es-ES"])
  func amountsWrittenInPlaceAreFoundationsText(_ identifier: String) throws {
    let posix = Locale(identifier: "en_US_POSIX")
    for currency in ["USD", "JPY", "KWD"] {
      let money = MoneyFormatter.shared(currency: currency, locale: Locale(identifier: identifier))
      for text in ["0", "-0.001", "1234", "1234567.891", "-12.345", "0.005", "99999999999999999999.99"] {
        let amount = try #require(Decimal(string: text, locale: posix))
        var html = HTMLWriter()
        html.text(amount, in: money)
        var expected = HTMLWriter()
        expected.text(money.referenceFormat(amount))
        #expect(html.output == expected.output, "\(identifier) \(currency) \(text)")
      }
      for count in [0, 4, 1234, 12_345_678, -5] {
        var html = HTMLWriter()
        html.text(count: count, in: money)
        var expected = HTMLWriter()
        expected.text(money.referenceFormat(count))
        #expect(html.output == expected.output, "\(identifier) \(count)")
      }
    }
  }

  /// What a template writes, segment by segment: each literal escaped as any text is,
  /// each argument through `argument`, in `<bdi>` when `isolated`.
  static func reference(
    _ template: MessageTemplate, isolated: Bool, into html: inout HTMLWriter, argument: (Int, inout HTMLWriter) -> Void
  ) {
    for segment in template.segments {
      switch segment {
      case .literal(let text): html.text(text)
      case .argument(let position):
        if isolated { html.raw(literal: "<bdi>") }
        argument(position, &html)
        if isolated { html.raw(literal: "</bdi>") }
      }
    }
  }

  /// A template writes what its segments escaped one by one write: its text copied when
  /// it holds no markup byte, escaped when it does, arguments escaped either way.
  @Test func templatesWriteWhatTheirSegmentsEscapedWrite() {
    let templates: [MessageTemplate] = [
      [.literal("Qty "), .argument(1)],
      [.literal("<To> "), .argument(1), .literal(" & "), .argument(2)],
      [.argument(1), .literal(" \"said\"")],
      [.literal("كان "), .argument(1), .literal("، والآن "), .argument(2)],
      [.literal("a"), .literal(""), .literal("b"), .argument(2), .argument(1), .literal("c")],
      [.argument(0), .literal(" x "), .argument(3)],
      [],
      [.literal("")],
    ]
    let markupFree = templates.map { $0.literalByteSet.isDisjoint(with: HTMLWriter.entityByteSet) }
    #expect(markupFree == [true, false, false, true, true, true, true, true])
    for template in templates {
      for isolated in [false, true] {
        let argument: (Int, inout HTMLWriter) -> Void = { position, html in html.text(position == 1 ? "a<b" : "\"c\"") }
        var written = HTMLWriter()
        var expected = HTMLWriter()
        written.text(template, isolated: isolated, argument: argument)
        Self.reference(template, isolated: isolated, into: &expected, argument: argument)
        #expect(written.output == expected.output)
        written.start("p")
        written.attribute("title") { $0.text(template) }
        written.endStartTag()
        expected.start("p")
        expected.attribute("title") { Self.reference(template, isolated: false, into: &$0) { _, _ in } }
        expected.endStartTag()
        #expect(written.output == expected.output)
      }
    }
  }

  /// Every bundled UI string writes what its segments escaped one by one write, as text
  /// and in an attribute, isolated or not.
  @Test func everyLanguagesTemplatesWriteWhatTheirSegmentsEscapedWrite() {
    for language in UIStrings.bundled.languages {
      let strings = UIStrings.bundled.table(language)
      for key in UIStringKey.allCases {
        for isolated in [false, true] {
          let argument: (Int, inout HTMLWriter) -> Void = { position, html in html.text("<\(position)>") }
          var written = HTMLWriter()
          var expected = HTMLWriter()
          written.text(strings.template(key), isolated: isolated, argument: argument)
          Self.reference(strings.template(key), isolated: isolated, into: &expected, argument: argument)
          written.start("p")
          written.attribute("title") { $0.text(strings.template(key)) }
          written.endStartTag()
          expected.start("p")
          expected.attribute("title") { Self.reference(strings.template(key), isolated: false, into: &$0) { _, _ in } }
          expected.endStartTag()
          #expect(written.output == expected.output, "\(language) \(key)")
        }
      }
    }
  }

  /// A filled template isolates each argument, escaped, and fills a missing one with
  /// nothing.
  @Test func filledTemplatesIsolateTheirArguments() {
    var html = HTMLWriter()
    html.text(FilledTemplate([.literal("Hi "), .argument(1), .literal(" & "), .argument(2)], ["<Zoë>"]))
    #expect(html.output == "Hi <bdi>&lt;Zoë&gt;</bdi> &amp; <bdi></bdi>")
  }

  @Test func aPageFrameIsWrittenOnceAndTheCacheIsBounded() throws {
    let context = RenderContext(localeTag: "en-US")
    let firstBytes = PageShell.page(title: "A", screen: "cart", style: TrustedHTML(literal: ""), context: context) {
      $0.text("1")
    }
    let first = try #require(String(validating: firstBytes, as: UTF8.self))
    let again = String(
      decoding: PageShell.page(title: "A", screen: "cart", style: TrustedHTML(literal: ""), context: context) {
        $0.text("1")
      }, as: UTF8.self)
    #expect(first == again)
    #expect(first.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\" dir=\"ltr\">"))
    #expect(first.contains("<title>A</title>"))
    #expect(first.hasSuffix("1</main>\n</body>\n</html>\n"))
    for index in 0..<(PageShell.Frame.cacheLimit + 5) {
      let configuration =
        SessionConfiguration(
          currency: "USD", region: "US", privacyPolicyURL: "https://example.com/\(index)") ?? .default
      let page = PageShell.page(
        title: "A", screen: "cart", style: TrustedHTML(literal: ""),
        context: RenderContext(
          configuration: configuration, localeTag: "en-US")
      ) { _ in }
      #expect(String(decoding: page, as: UTF8.self).contains("href=\"https://example.com/\(index)\""))
    }
    #expect(PageShell.Frame.cachedCount <= PageShell.Frame.cacheLimit)
  }

  /// A served page's version is written into each page, not into its frame: one frame
  /// serves every version of a session's screen, so the cache does not fill with them.
  @Test func servedPagesOfEveryVersionShareOneFrame() throws {
    let configuration =
      SessionConfiguration(
        currency: "USD", region: "US", privacyPolicyURL: "https://example.com/versions") ?? .default
    var made: Set<String> = []
    for version in UInt64(1)...UInt64(PageShell.Frame.cacheLimit * 2) {
      var context = RenderContext(configuration: configuration, localeTag: "en-US")
      context.host = PageHost(
        scriptPath: "/live.js", scriptIntegrity: "sha256-x", version: version,
        refreshSeconds: version % 2 == 0 ? 3 : nil)
      let page = String(
        decoding: PageShell.page(title: "A", screen: "cart", style: TrustedHTML(literal: ""), context: context) { _ in
        },
        as: UTF8.self)
      #expect(page.contains(#"<meta name="screen-version" content="\#(version)">"#))
      #expect(
        page.contains(#"<noscript><meta http-equiv="refresh" content="3; url=?shown=\#(version)"></noscript>"#)
          == (version % 2 == 0))
      let frame = PageShell.Frame.shared(screen: "cart", style: TrustedHTML(literal: ""), context: context)
      made.insert(frame.beforeTitle.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "|"))
    }
    // One frame with the reload and one without, whatever the versions.
    #expect(made.count == 2)
  }

  /// The frame used last is taken only for a page of the same context, screen and sheet:
  /// each page rendered right after one that differs in a single field is the page
  /// rendered alone.
  @Test func theLastFrameServesOnlyTheSameContextScreenAndSheet() {
    func configuration(
      policy: String = "https://example.com/p", website: String? = "https://example.com", store: String? = "Store",
      device: String? = "Emily"
    ) -> SessionConfiguration {
      SessionConfiguration(
        currency: "USD", region: "US", privacyPolicyURL: policy, websiteURL: website, storeName: store,
        deviceName: device) ?? .default
    }
    var hosted = RenderContext(configuration: configuration(), localeTag: "en-US")
    hosted.host = PageHost(scriptPath: "/live.js", scriptIntegrity: "sha256-x", version: 3, refreshSeconds: nil)
    let variants: [(RenderContext, StaticString, TrustedHTML)] = [
      (RenderContext(configuration: configuration(), localeTag: "en-US"), "cart", TrustedHTML(literal: "p{}")),
      (RenderContext(configuration: configuration(), localeTag: "en-US"), "form", TrustedHTML(literal: "p{}")),
      (RenderContext(configuration: configuration(), localeTag: "en-US"), "cart", TrustedHTML(literal: "q{}")),
      (RenderContext(configuration: configuration(), localeTag: "fr-FR"), "cart", TrustedHTML(literal: "p{}")),
      (RenderContext(configuration: configuration(), localeTag: "ar-EG"), "cart", TrustedHTML(literal: "p{}")),
      (hosted, "cart", TrustedHTML(literal: "p{}")),
      (
        RenderContext(configuration: configuration(policy: "https://e.com/q"), localeTag: "en-US"), "cart",
        TrustedHTML(literal: "p{}")
      ),
      (
        RenderContext(configuration: configuration(website: nil), localeTag: "en-US"), "cart",
        TrustedHTML(literal: "p{}")
      ),
      (
        RenderContext(configuration: configuration(store: nil), localeTag: "en-US"), "cart", TrustedHTML(literal: "p{}")
      ),
      (
        RenderContext(configuration: configuration(device: "Ana"), localeTag: "en-US"), "cart",
        TrustedHTML(literal: "p{}")
      ),
    ]
    func page(_ index: Int) -> [UInt8] {
      let (context, screen, style) = variants[index]
      return PageShell.page(title: "T", screen: screen, style: style, context: context) { $0.text("x") }
    }
    let alone = variants.indices.map { page($0) }
    #expect(Set(alone).count == variants.count, "every variant has a frame of its own")
    for before in variants.indices {
      for after in variants.indices {
        _ = page(before)
        #expect(page(after) == alone[after], "\(after) after \(before)")
      }
    }
  }

  /// The pass that copies clean text whole answers exactly whether a text holds
  /// `& " < >`, and copies exactly the text when it holds none: each byte value at every
  /// offset of every length up to 72 (vector steps, overlapping words, the short reads of
  /// one to seven bytes), the other bytes all `a` or all `0xFF`, into a target with
  /// guard bytes around it that must stay as they were.
  @Test func theMarkupFreeCopyIsExactForEveryByteAtEveryOffset() {
    let markup: Set<UInt8> = [UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">")]
    var wrong: [String] = []
    func copy(_ bytes: [UInt8]) -> (copied: Bool, target: [UInt8]) {
      var target = [UInt8](repeating: 0xEE, count: bytes.count + 32)
      let copied = bytes.withUnsafeBufferPointer { source in
        target.withUnsafeMutableBufferPointer { target in
          guard let from = source.baseAddress, let to = target.baseAddress else { return false }
          return HTMLWriter.copyMarkupFree(from, source.count, to: to + 16)
        }
      }
      return (copied, target)
    }
    for length in 0...72 {
      for filler in [UInt8(ascii: "a"), 0xFF] {
        var bytes = [UInt8](repeating: filler, count: length)
        let guardBytes = [UInt8](repeating: 0xEE, count: 16)
        let clean = copy(bytes)
        if !clean.copied || clean.target != guardBytes + bytes + guardBytes {
          wrong.append("length \(length), all \(filler)")
        }
        for offset in 0..<length {
          for value in UInt8.min...UInt8.max {
            bytes[offset] = value
            let result = copy(bytes)
            if result.copied == markup.contains(value) {
              wrong.append("length \(length), offset \(offset), byte \(value)")
            } else if result.target.prefix(16) != guardBytes[...] || result.target.suffix(16) != guardBytes[...] {
              wrong.append("outside the target: length \(length), offset \(offset), byte \(value)")
            } else if result.copied, Array(result.target[16..<(16 + length)]) != bytes {
              wrong.append("copy: length \(length), offset \(offset), byte \(value)")
            }
          }
          bytes[offset] = filler
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  /// The scan of eight bytes at a time against a byte-by-byte reference: each markup
  /// byte (and its neighbours that only look alike, `$` `'` `=` `?`) at every offset of
  /// texts long and short, around multi-byte characters, in text and in attributes.
  @Test func escapingFindsEveryMarkupByteAtEveryOffset() {
    func reference(_ text: String, quotes: Bool) -> String {
      var out = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where quotes: out += "&quot;"
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    let specials: [Character] = ["&", "<", ">", "\"", "$", "'", "=", "?", "\"", "é"]
    // Texts with one special byte alone (the check that copies clean text whole reads
    // words that overlap: every length and offset of a few of them), and with a `<` at
    // the end too.
    for length in 0..<72 {
      for offset in 0..<max(1, length) {
        for special in specials {
          for markupAtTheEnd in [false, true] {
            var characters = Array(repeating: Character("a"), count: length)
            if length > 0 { characters[offset] = special }
            if markupAtTheEnd, length > 3 { characters[length - 1] = "<" }
            if length > 10 { characters[offset / 2] = "東" }
            let text = String(characters)
            var html = HTMLWriter()
            html.text(text)
            #expect(html.output == reference(text, quotes: false), "\(text)")
            var quoted = HTMLWriter()
            quoted.start("p")
            quoted.attribute("title", text)
            quoted.endStartTag()
            #expect(quoted.output == "<p title=\"" + reference(text, quotes: true) + "\">", "\(text)")
          }
        }
      }
    }
  }

  /// Constant attribute values (`StaticString`s, written without a scan) hold no byte
  /// that needs an entity: every literal on a line of the screens' sources that writes
  /// an attribute or a class. (A debug build also checks each one as it is written.)
  @Test func constantAttributeValuesNeedNoEntity() throws {
    #expect(HTMLWriter.needsNoEntity("item-name merchant"))
    #expect(!HTMLWriter.needsNoEntity("a&b"))
    #expect(!HTMLWriter.needsNoEntity("say \"hi\""))
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("HTMLWriter.swift") }
    var checked = 0
    for file in files {
      let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains(".attribute(") || line.contains("class: ") {
        #expect(!line.contains("\\\""), "\(file): \(line)")
        let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
        // Odd pieces are inside a literal.
        for (index, piece) in pieces.enumerated() where index % 2 == 1 {
          checked += 1
          #expect(!piece.utf8.contains { HTMLWriter.entityBytes.contains($0) }, "\(file): \(line)")
        }
      }
    }
    #expect(checked > 50)
  }
}
