import Foundation
import FoundationXML
import HeadlessBrowser
import Testing

/// `render-cli snapshot --formats png` end to end: the real binary, one browser, its files.
@Suite(
  .enabled(
    if: BrowserSession.isAvailable(),
    "no Chromium at \(BrowserSession.defaultExecutable): scripts/setup-browser installs Debian's chromium"),
  .serialized)
struct PixelSnapshotCommandTests {
  let cli = RenderCLIEndToEndTests()

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "pixel-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func snapshot(_ arguments: [String]) throws -> RenderCLIEndToEndTests.Result {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    return try cli.run(["snapshot"] + arguments, environment: environment)
  }

  /// The issue's "done when": every locale recorded as one PNG each, then all equal.
  @Test func everyLocaleRecordsOnePNGThenEveryOneMatches() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = ["examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "all", "--formats", "png"]
    let record = try snapshot(arguments)
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stdout.hasSuffix("45 snapshots: 45 recorded\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "cart-hair-spray").path)
    #expect(files.count == 45)
    #expect(files.allSatisfy { $0.hasSuffix(".390-light.png") })
    let version = try String(contentsOf: dir.appending(path: "browser-version.txt"), encoding: .utf8)
    #expect(version.hasPrefix("Chrome/") || version.hasPrefix("HeadlessChrome/"))

    let again = try snapshot(arguments + ["--record", "never"])
    #expect(again.status == 0)
    #expect(again.stdout == "45 snapshots match\n")
  }

  /// A golden PNG from another browser version: the run says so, whatever the pixels.
  @Test func anotherBrowsersGoldenFilesAreNamedInANote() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = ["examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US", "--formats", "png"]
    #expect(try snapshot(arguments).status == 0)
    try Data("Chrome/1.0.0.0\n".utf8).write(to: dir.appending(path: "browser-version.txt"))
    let again = try snapshot(arguments)
    #expect(again.status == 0)
    #expect(
      again.stdout.hasPrefix(
        "note: the golden PNG files in \(dir.path) were taken with Chrome/1.0.0.0 (\(dir.path)/browser-version.txt); this browser is "
      ))
  }

  /// `--gallery` shows each capture beside the text renderings, inline as a `data:` URL
  /// the gallery's policy allows (`img-src data:`), captioned with locale and profile.
  @Test func theGalleryShowsThePixelSnapshots() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let gallery = dir.appending(path: "gallery.html")
    let run = try snapshot([
      "examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US,ar-EG", "--formats", "text,png",
      "--profiles", "320-dark", "--gallery", gallery.path,
    ])
    #expect(run.status == 0)
    let html = try String(contentsOf: gallery, encoding: .utf8)
    #expect(html.contains("img-src data:;"))
    #expect(html.components(separatedBy: "<img src=\"data:image/png;base64,iVBORw0KGgo").count == 3)
    #expect(html.contains("alt=\"cart-empty, ar-EG 320 px dark\""))
    #expect(html.contains("<title>Snapshots of \(dir.path): 4 snapshots: 4 recorded</title>"))
  }

  /// `--junit`: one test case per golden file, text and pixels, a failure carrying the
  /// diff or the pixel count, read back by Foundation's XML parser.
  @Test func theJUnitReportIsReadByAnXMLParser() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "en-US,de-DE", "--formats", "html,png",
    ]
    #expect(try snapshot(arguments).status == 0)
    // The German page's golden image replaced by the English one, its HTML edited.
    let cart = dir.appending(path: "cart-hair-spray")
    try FileManager.default.removeItem(at: cart.appending(path: "de-DE.390-light.png"))
    try FileManager.default.copyItem(
      at: cart.appending(path: "en-US.390-light.png"), to: cart.appending(path: "de-DE.390-light.png"))
    let html = try String(contentsOf: cart.appending(path: "en-US.html"), encoding: .utf8)
    try Data(html.replacingOccurrences(of: "Your Cart", with: "Your Basket & <more>").utf8)
      .write(to: cart.appending(path: "en-US.html"))
    let report = dir.appending(path: "report.xml")
    let run = try snapshot(arguments + ["--record", "never", "--junit", report.path])
    #expect(run.status == 1)

    let reader = JUnitReader()
    let parser = XMLParser(data: try Data(contentsOf: report))
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(reader.suites == ["cart-hair-spray"])
    #expect(reader.totals == ["tests": "4", "failures": "2"])
    #expect(
      reader.cases.map(\.name) == [
        "\(dir.path)/cart-hair-spray/en-US.html", "\(dir.path)/cart-hair-spray/de-DE.html",
        "\(dir.path)/cart-hair-spray/en-US.390-light.png", "\(dir.path)/cart-hair-spray/de-DE.390-light.png",
      ])
    let failures = Dictionary(
      uniqueKeysWithValues: reader.cases.compactMap { item in item.failure.map { (item.name, $0) } })
    #expect(failures.count == 2)
    #expect(failures["\(dir.path)/cart-hair-spray/en-US.html"]?.contains("+ <h1>Your Cart</h1>") == true)
    #expect(failures["\(dir.path)/cart-hair-spray/en-US.html"]?.contains("- <h1>Your Basket & <more></h1>") == true)
    #expect(failures["\(dir.path)/cart-hair-spray/de-DE.390-light.png"]?.contains("pixels differ, in ") == true)
  }
}

/// The suites, totals and cases of a JUnit XML report, as XMLParser reads them.
final class JUnitReader: NSObject, XMLParserDelegate {
  struct Case {
    var name: String
    var failure: String?
  }

  var suites: [String] = []
  var totals: [String: String] = [:]
  var cases: [Case] = []
  private var text: String?

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch element {
    case "testsuites": totals = attributes.filter { ["tests", "failures"].contains($0.key) }
    case "testsuite": suites.append(attributes["name"] ?? "")
    case "testcase": cases.append(Case(name: attributes["name"] ?? ""))
    case "failure": text = ""
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

  func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
    if element == "failure", let text, !cases.isEmpty { cases[cases.count - 1].failure = text }
    if element == "failure" { text = nil }
  }
}
