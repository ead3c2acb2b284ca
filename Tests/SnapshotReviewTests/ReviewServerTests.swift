import Foundation
import HTTPServer
import ServedAssets
import SnapshotFiles
import SnapshotFixtures
import SnapshotReview
import Synchronization
import Testing

/// The review page's routes through the responder, without a socket: what it shows, what
/// accepting and rejecting write, and every request it must refuse (another `Host`, a
/// post from elsewhere or without the run's token, a file outside the folder).
@Suite struct ReviewServerTests {
  static let token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

  /// A folder with two screens' golden files: `cart/fr-FR.txt` and `cart/de-DE.txt`
  /// differ from the run, `ready/fr-FR.txt` is new, `cart/fr-FR.390-light.png` differs
  /// and left its capture and diff beside it.
  struct Run {
    var folder: URL
    var server: ReviewServer
    var done: Counter

    func url(_ path: String) -> URL { folder.appending(path: path) }
    func read(_ path: String) -> String? { Fixtures.read(url(path)) }
  }

  /// - Parameter extra: more items, given the folder.
  static func run(extra: (URL) -> [ReviewItem] = { _ in [] }) throws -> Run {
    let folder = try Fixtures.temporaryFolder().appending(path: "golden")
    let manager = FileManager.default
    try manager.createDirectory(at: folder.appending(path: "cart"), withIntermediateDirectories: true)
    try Data("Total 1,00\n".utf8).write(to: folder.appending(path: "cart/fr-FR.txt"))
    try Data("Summe 1,00\n".utf8).write(to: folder.appending(path: "cart/de-DE.txt"))
    try Data([1, 2, 3]).write(to: folder.appending(path: "cart/fr-FR.390-light.png"))
    try Data([4, 5, 6]).write(to: folder.appending(path: "cart/fr-FR.390-light.actual.png"))
    try Data([7, 8, 9]).write(to: folder.appending(path: "cart/fr-FR.390-light.diff.png"))
    func file(_ path: String) -> SnapshotFile {
      SnapshotFile(url: folder.appending(path: path), displayPath: "golden/" + path)
    }
    let items =
      [
        ReviewItem(
          subject: "cart", localeTag: "fr-FR", variant: "text", file: file("cart/fr-FR.txt"),
          content: .text(golden: "Total 1,00\n", new: "Total 1,00 €\n", diff: "- Total 1,00\n+ Total 1,00⟨NBSP⟩€\n")),
        ReviewItem(
          subject: "cart", localeTag: "de-DE", variant: "text", file: file("cart/de-DE.txt"),
          content: .text(golden: "Summe 1,00\n", new: "Summe 1,00 €\n", diff: "- Summe 1,00\n+ Summe 1,00 €\n")),
        ReviewItem(
          subject: "ready", localeTag: "fr-FR", variant: "text", file: file("ready/fr-FR.txt"),
          content: .text(golden: nil, new: "Prêt\n", diff: "")),
        ReviewItem(
          subject: "cart", localeTag: "fr-FR", variant: "390-light", file: file("cart/fr-FR.390-light.png"),
          content: .pixels(
            golden: [1, 2, 3], new: [4, 5, 6], diff: [7, 8, 9], summary: "3 pixels differ", width: 390),
          leftovers: [
            folder.appending(path: "cart/fr-FR.390-light.actual.png"),
            folder.appending(path: "cart/fr-FR.390-light.diff.png"),
          ]),
      ] + extra(folder)
    let done = Counter()
    let server = ReviewServer(
      items: items, directory: folder, title: "golden", token: token, onDone: { done.count.add(1, ordering: .relaxed) })
    return Run(folder: folder, server: server, done: done)
  }

  /// How many times the review was told it is done.
  final class Counter: Sendable {
    let count = Atomic(0)
  }

  static func get(_ server: ReviewServer, _ path: String, host: String = "127.0.0.1:4711") -> HTTPResponse {
    server.respond(to: HTTPRequest(method: "GET", path: path, headers: [("Host", host)])).response
      ?? .text(0, "waited")
  }

  static func post(
    _ server: ReviewServer, _ path: String, _ body: String, token: String? = ReviewServerTests.token,
    headers: [(String, String)] = [("Origin", "http://127.0.0.1:4711"), ("Sec-Fetch-Site", "same-origin")],
    host: String = "127.0.0.1:4711"
  ) -> HTTPResponse {
    let form = (token.map { "token=\($0)&" } ?? "") + body
    let request = HTTPRequest(
      method: "POST", path: path,
      headers: [("Host", host), ("Content-Type", "application/x-www-form-urlencoded")]
        + headers.map { (name: $0.0, value: $0.1) },
      body: Array(form.utf8))
    return server.respond(to: request).response ?? .text(0, "waited")
  }

  @Test func thePageShowsEachFileWithItsFormsTokenAndTheReviewPolicy() throws {
    let run = try Self.run()
    let page = Self.get(run.server, "/")
    #expect(page.status == 200)
    #expect(page.header("Content-Security-Policy") == SecurityHeaders.snapshotReview.contentSecurityPolicy)
    #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
    // Under no-referrer a browser's form post says `Origin: null`; same-origin keeps it.
    #expect(page.header("Referrer-Policy") == "same-origin")
    let text = page.text
    #expect(text.contains("<style>" + ReviewAssets.style.description + "</style>"))
    #expect(text.contains("<script src=\"/review.js\" integrity=\"\(ReviewAssets.scriptIntegrity)\" defer></script>"))
    #expect(text.contains("<input type=\"hidden\" name=\"token\" value=\"\(Self.token)\">"))
    #expect(text.contains("4 files to review (3 differ, 1 new)"))
    #expect(text.contains("<pre lang=\"fr-FR\" dir=\"ltr\" tabindex=\"0\">- Total 1,00\n+ Total 1,00⟨NBSP⟩€\n</pre>"))
    #expect(
      text.contains("<img src=\"/image/3/golden.png\" alt=\"Golden image of cart, fr-FR, 390-light\" width=\"390\">"))
    #expect(text.contains("<input type=\"range\" id=\"reveal-3\""))
    #expect(
      text.contains(
        "<button type=\"submit\" name=\"decision\" value=\"accept\" class=\"accept\">Accept all in fr-FR</button>"))
    let image = Self.get(run.server, "/image/3/diff.png")
    #expect(image.status == 200 && image.body == [7, 8, 9] && image.header("Content-Type") == "image/png")
    #expect(Self.get(run.server, "/review.js").text == ReviewAssets.script)
  }

  @Test func namesAndDiffsAreTextNeverMarkup() throws {
    let run = try Self.run(extra: { _ in
      [
        ReviewItem(
          subject: "<b>x</b>", localeTag: "en-US", variant: "html",
          file: SnapshotFile(
            url: URL(fileURLWithPath: "/nonexistent/a"), displayPath: "golden/<script>alert(1)</script>"),
          content: .text(golden: "<p>a</p>", new: "<p>b</p>", diff: "- <p>a</p>\n+ <img src=x onerror=alert(1)>\n"))
      ]
    })
    let text = Self.get(run.server, "/").text
    #expect(!text.contains("<script>alert(1)") && !text.contains("<img src=x") && !text.contains("<b>x</b>"))
    #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(text.contains("+ &lt;img src=x onerror=alert(1)&gt;"))
  }

  /// A golden file that is a symbolic link was not read (``SnapshotFile/golden()``): the
  /// page says so, and accepting replaces the link with a file, never writing through it.
  @Test func aGoldenFileNotReadIsSaidSoAndAcceptingReplacesTheLink() throws {
    let reason = "golden/cart/en-US.txt is a symbolic link: golden files are read only from regular files"
    let run = try Self.run(extra: { folder in
      [
        ReviewItem(
          subject: "cart", localeTag: "en-US", variant: "text",
          file: SnapshotFile(url: folder.appending(path: "cart/en-US.txt"), displayPath: "golden/cart/en-US.txt"),
          content: .text(golden: nil, new: "Total\n", diff: reason))
      ]
    })
    try FileManager.default.createSymbolicLink(
      atPath: run.url("cart/en-US.txt").path, withDestinationPath: run.url("cart/de-DE.txt").path)
    let page = Self.get(run.server, "/").text
    #expect(page.contains("5 files to review (4 differ, 1 new)"))
    #expect(page.contains("its golden file was not read (why below); accepting replaces it with a file"))
    #expect(page.contains(">\(reason)</pre>"))
    _ = Self.post(run.server, "/decide", "decision=accept&scope=file&target=4")
    #expect(run.server.decisions[4] == .accepted)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: run.url("cart/en-US.txt").path)) == nil)
    #expect(run.read("cart/en-US.txt") == "Total\n")
    #expect(run.read("cart/de-DE.txt") == "Summe 1,00\n")
  }

  @Test func anotherHostIsRefusedEverywhere() throws {
    let run = try Self.run()
    for host in ["evil.example", "evil.example:4711", "127.0.0.1.evil.example", "", "[::2]:80"] {
      #expect(Self.get(run.server, "/", host: host).status == 403, "\(host)")
      let post = Self.post(run.server, "/decide", "decision=accept&scope=all&target=", host: host)
      #expect(post.status == 403, "\(host)")
    }
    #expect(run.server.respond(to: HTTPRequest(method: "GET", path: "/")).response?.status == 403)
    for host in ["127.0.0.1:4711", "localhost:4711", "[::1]:4711", "LOCALHOST"] {
      #expect(Self.get(run.server, "/", host: host).status == 200, "\(host)")
    }
    #expect(run.read("cart/fr-FR.txt") == "Total 1,00\n")
    #expect(run.server.decisions == Array(repeating: .pending, count: 4))
  }

  @Test func aPostWithoutTheTokenOrFromAnotherSiteChangesNothing() throws {
    let run = try Self.run()
    let body = "decision=accept&scope=all&target="
    let refusals = [
      Self.post(run.server, "/decide", body, token: nil),
      Self.post(run.server, "/decide", body, token: "guess"),
      Self.post(run.server, "/decide", body, token: String(Self.token.dropLast()) + "0"),
      Self.post(run.server, "/decide", body + "&token=" + Self.token, token: "guess"),
      Self.post(run.server, "/decide", body, headers: [("Sec-Fetch-Site", "cross-site")]),
      Self.post(run.server, "/decide", body, headers: [("Sec-Fetch-Site", "same-site")]),
      Self.post(run.server, "/decide", body, headers: [("Origin", "http://evil.example")]),
      Self.post(run.server, "/decide", body, headers: [("Origin", "null")]),
      Self.post(run.server, "/done", "", token: "guess"),
    ]
    #expect(refusals.map(\.status) == Array(repeating: 403, count: refusals.count))
    #expect(refusals[1].text == "Refused: the token is not this run's; reload the review page.\n")
    #expect(
      refusals[4].text
        == "Refused: the request comes from another site (Sec-Fetch-Site: cross-site); reload the review page.\n")
    // A state change is a POST: a GET (a link, an image another page embeds) changes nothing.
    let get =
      run.server.respond(
        to: HTTPRequest(
          method: "GET", path: "/decide",
          query: [("token", Self.token), ("decision", "accept"), ("scope", "all"), ("target", "")],
          headers: [("Host", "127.0.0.1:4711")])
      ).response ?? .text(0, "waited")
    #expect(get.status == 405 && get.header("Allow") == "POST")
    #expect(run.read("cart/fr-FR.txt") == "Total 1,00\n")
    #expect(run.read("ready/fr-FR.txt") == nil)
    #expect(run.server.decisions == Array(repeating: .pending, count: 4))
    #expect(!run.server.isFinished)
  }

  @Test func acceptingWritesTheGoldenFileAndRejectingKeepsItBothClearTheLeftovers() throws {
    let run = try Self.run()
    let accepted = Self.post(run.server, "/decide", "decision=accept&scope=file&target=0")
    #expect(accepted.status == 303 && accepted.header("Location") == "/#item-0")
    #expect(run.read("cart/fr-FR.txt") == "Total 1,00 €\n")
    #expect(run.read("cart/de-DE.txt") == "Summe 1,00\n")
    let rejected = Self.post(run.server, "/decide", "decision=reject&scope=file&target=3")
    #expect(rejected.status == 303)
    #expect(try Data(contentsOf: run.url("cart/fr-FR.390-light.png")) == Data([1, 2, 3]))
    #expect(!FileManager.default.fileExists(atPath: run.url("cart/fr-FR.390-light.actual.png").path))
    #expect(!FileManager.default.fileExists(atPath: run.url("cart/fr-FR.390-light.diff.png").path))
    // A decided file stays decided: accepting all now writes only the two left.
    _ = Self.post(run.server, "/decide", "decision=accept&scope=all&target=")
    #expect(try Data(contentsOf: run.url("cart/fr-FR.390-light.png")) == Data([1, 2, 3]))
    #expect(run.read("ready/fr-FR.txt") == "Prêt\n")
    #expect(run.server.decisions == [.accepted, .accepted, .accepted, .rejected])
    #expect(run.server.summaryLine == "review: 3 accepted, 1 rejected, 0 not decided")
    let page = Self.get(run.server, "/").text
    #expect(page.contains("Accepted 2 files: golden files written."))
    // No temporary file is left beside the golden files.
    let names = try FileManager.default.contentsOfDirectory(atPath: run.url("cart").path).sorted()
    #expect(names == ["de-DE.txt", "fr-FR.390-light.png", "fr-FR.txt"])
  }

  @Test func aLocaleOrAScreenIsDecidedWhole() throws {
    let run = try Self.run()
    _ = Self.post(run.server, "/decide", "decision=accept&scope=locale&target=fr-FR")
    #expect(run.read("cart/fr-FR.txt") == "Total 1,00 €\n")
    #expect(run.read("ready/fr-FR.txt") == "Prêt\n")
    #expect(try Data(contentsOf: run.url("cart/fr-FR.390-light.png")) == Data([4, 5, 6]))
    #expect(run.read("cart/de-DE.txt") == "Summe 1,00\n")
    _ = Self.post(run.server, "/decide", "decision=reject&scope=screen&target=cart")
    #expect(run.server.decisions == [.accepted, .rejected, .accepted, .accepted])
    #expect(run.read("cart/de-DE.txt") == "Summe 1,00\n")
  }

  @Test func aFileOutsideTheFolderIsNeverWritten() throws {
    let parent = try Fixtures.temporaryFolder()
    let run = try Self.run(extra: { _ in
      [
        ReviewItem(
          subject: "..", localeTag: "en-US", variant: "text",
          file: SnapshotFile(
            url: URL(fileURLWithPath: parent.path + "/golden/../escaped.txt"), displayPath: "golden/../escaped.txt"),
          content: .text(golden: nil, new: "out\n", diff: "")),
        ReviewItem(
          subject: "elsewhere", localeTag: "en-US", variant: "text",
          file: SnapshotFile(url: parent.appending(path: "elsewhere.txt"), displayPath: "elsewhere.txt"),
          content: .text(golden: nil, new: "out\n", diff: "")),
      ]
    })
    for index in [4, 5] {
      let answer = Self.post(run.server, "/decide", "decision=accept&scope=file&target=\(index)")
      #expect(answer.status == 303)
      guard case .failed(let reason) = run.server.decisions[index] else {
        Issue.record("item \(index) must be refused, not \(run.server.decisions[index])")
        continue
      }
      #expect(reason.hasSuffix("is not inside \(run.folder.path): not written"))
    }
    // The last decision wrote nothing, and the page says only that.
    let message = Self.get(run.server, "/").text
    #expect(message.contains("role=\"status\">Not written: elsewhere.txt is not inside "))
    #expect(!message.contains("Accepted 0 files"))
    let outside = run.folder.deletingLastPathComponent()
    #expect(!FileManager.default.fileExists(atPath: outside.appending(path: "escaped.txt").path))
    #expect(!FileManager.default.fileExists(atPath: parent.appending(path: "elsewhere.txt").path))
    // Addresses name items by number only: a path in them finds nothing.
    for path in [
      "/image/../../etc/passwd", "/image/..%2F..%2Fx/new.png", "/image/3/../../golden.png", "/image/-1/new.png",
    ] {
      #expect(Self.get(run.server, path).status == 404, "\(path)")
    }
    for body in ["scope=file&target=../x", "scope=screen&target=../cart", "scope=locale&target=../fr-FR"] {
      #expect(Self.post(run.server, "/decide", "decision=accept&" + body).status == 404, "\(body)")
    }
  }

  /// `--dir` as a person types it: a doubled slash, a `.` or a `..` in the folder's own
  /// path names the same folder, and its golden files are written there.
  @Test func aFolderNamedWithDotsOrDoubledSlashesIsStillTheFolder() throws {
    let parent = try Fixtures.temporaryFolder()
    try FileManager.default.createDirectory(at: parent.appending(path: "x"), withIntermediateDirectories: true)
    for (index, given) in [parent.path + "//golden/", parent.path + "/./golden", parent.path + "/x/../golden"]
      .enumerated()
    {
      let directory = URL(fileURLWithPath: given)
      let name = "fr-FR.\(index).txt"
      let item = ReviewItem(
        subject: "cart", localeTag: "fr-FR", variant: "text",
        file: SnapshotFile(url: directory.appending(path: "cart").appending(path: name), displayPath: name),
        content: .text(golden: nil, new: "Total \(index)\n", diff: ""))
      #expect(ReviewFiles(directory: directory).accept(item) == nil, "\(given)")
      #expect(Fixtures.read(parent.appending(path: "golden/cart/" + name)) == "Total \(index)\n", "\(given)")
    }
  }

  @Test func aScreenFolderThatIsALinkIsNotWrittenThrough() throws {
    let elsewhere = try Fixtures.temporaryFolder()
    let run = try Self.run()
    try FileManager.default.createSymbolicLink(
      atPath: run.url("ready").path, withDestinationPath: elsewhere.path)
    _ = Self.post(run.server, "/decide", "decision=accept&scope=file&target=2")
    guard case .failed(let reason) = run.server.decisions[2] else {
      Issue.record("a linked folder must be refused")
      return
    }
    #expect(reason.contains("is not a folder (a symbolic link?)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  /// Rejecting removes what the run left beside a golden file only inside the folder: a
  /// screen folder that is a link leads elsewhere, and nothing there is removed.
  @Test func rejectingRemovesNothingThroughALinkedFolder() throws {
    let elsewhere = try Fixtures.temporaryFolder()
    let run = try Self.run()
    for name in ["fr-FR.390-light.png", "fr-FR.390-light.actual.png", "fr-FR.390-light.diff.png"] {
      try FileManager.default.moveItem(at: run.url("cart/" + name), to: elsewhere.appending(path: name))
    }
    try FileManager.default.removeItem(at: run.url("cart"))
    try FileManager.default.createSymbolicLink(atPath: run.url("cart").path, withDestinationPath: elsewhere.path)
    _ = Self.post(run.server, "/decide", "decision=reject&scope=file&target=3")
    #expect(run.server.decisions[3] == .rejected)
    let names = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
    #expect(names == ["fr-FR.390-light.actual.png", "fr-FR.390-light.diff.png", "fr-FR.390-light.png"])
  }

  @Test func doneEndsTheReviewOnce() throws {
    let run = try Self.run()
    let first = Self.post(run.server, "/done", "")
    #expect(first.status == 200 && first.text.contains("review: 0 accepted, 0 rejected, 4 not decided"))
    _ = Self.post(run.server, "/done", "")
    #expect(run.server.isFinished)
    #expect(run.done.count.load(ordering: .relaxed) == 1)
  }
}
