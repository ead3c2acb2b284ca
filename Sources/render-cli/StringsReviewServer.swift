import FormRender
import Foundation
import HTTPServer
import RenderCore
import ServedAssets
import StringCatalog
import Synchronization

/// `render-cli strings review LANG`: one language's catalog on a page served on loopback,
/// each string beside its English source, its comment and the screens that show it, the
/// screens rendered live from the catalog file as it is now; a string changed there is
/// written to the catalog through `strings import`'s own checks and writer
/// (``StringsCommand/importPlan(_:_:)``, ``StringsCommand/write(_:)``).
///
/// Routes (loopback only, `Host` checked against DNS rebinding):
/// - `GET /`: the page (``StringsReviewPage``); `?key=KEY` frames a screen of KEY first,
///   `?saved=KEY` or `?unchanged=KEY` says what the last save did;
/// - `GET /review.js`: its script (``StringsReviewAssets``);
/// - `GET /screen/NAME`, `…/NAME/text`, `…/NAME/spoken`: an example screen in the
///   language, its text and what a screen reader reads, each string invisibly marked
///   (``StringMarkers``) so the page's script outlines the chosen one;
/// - `POST /strings`: a form (`token`, `key`, `value` or `value.CATEGORY` per plural
///   form, `source…` as shown, `state`), written when `strings import` would write it:
///   `303` back to the page; refused with every problem on the page again (`422`), for a
///   body that is not such a form (`400`, `415`), from elsewhere or without the run's
///   token (`403`).
final class StringsReviewServer: HTTPResponder {
  let tag: String
  let options: StringsOptions
  let command: StringsCommand
  /// Required of every post (``LoopbackTool/refusal(of:token:expected:)``).
  let token: String
  /// Each screen's name and, for each string key, where it shows.
  let screens: StringsReviewScreens
  /// The catalogs compiled as last read, by path: each is compiled again only when its
  /// bytes change.
  private let compiled = Mutex<[String: (bytes: [UInt8], catalog: LocaleCatalog)]>([:])
  /// Held while a post checks and writes, so two saves never interleave.
  private let writing = Mutex<Void>(())
  private let lifecycle = ServerLifecycle()
  private let frameHeaders = SecurityHeaders.servedPages.framed(by: [.this])

  /// The label import's messages give the page's edits, where they name an XLIFF file.
  static let editLabel = "strings review"

  /// - Throws: ``RunFailure`` when the language's catalog, English's or the examples
  ///   cannot be read.
  init(tag: String, options: StringsOptions, inputs: InputFiles, token: String = LoopbackTool.newToken()) throws {
    self.tag = tag
    self.options = options
    self.token = token
    command = StringsCommand(inputs: inputs)
    _ = try command.catalog("en", options)
    _ = try command.catalog(tag, options)
    screens = try StringsReviewScreens(tag: tag, shots: StringsScreenshots(inputs: inputs, options: options))
  }

  // MARK: HTTPResponder

  func respond(to request: HTTPRequest) -> RouteResult {
    .respond(answer(request))
  }

  func answer(_ request: HTTPRequest) -> HTTPResponse {
    guard LoopbackTool.isLocalHost(request.header("host")) else {
      // A page elsewhere that resolves its own name to 127.0.0.1 (DNS rebinding) must
      // neither read the catalog nor write it.
      return secured(.text(403, LoopbackTool.hostRefusal(by: "review")))
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    let isRead = request.method == "GET" || request.method == "HEAD"
    switch (request.method, parts.first ?? "") {
    case (_, "") where parts.count == 1 && isRead:
      return secured(page(request))
    case (_, "review.js") where parts.count == 1 && isRead:
      return secured(
        HTTPResponse(
          status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
          body: Array(StringsReviewAssets.script.utf8)))
    case (_, "screen") where (2...3).contains(parts.count) && isRead:
      let form = parts.count == 3 ? parts[2] : "page"
      var response = screen(parts[1], form: form)
      response.headers += frameHeaders.fields
      return response
    case ("POST", "strings") where parts.count == 1:
      return secured(save(request))
    case (_, "strings") where parts.count == 1:
      return secured(
        HTTPResponse(status: 405, headers: [("Allow", "POST")], body: Array("Post the page's form.\n".utf8)))
    default:
      return secured(.text(404, "Not found.\n"))
    }
  }

  /// The answer to what the transport refuses itself (framing, a body over the limit).
  func errorResponse(_ error: HTTPServerError, _ request: HTTPRequest) -> HTTPResponse {
    secured(HTTPDaemon.plainError(error, request))
  }

  private func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers += SecurityHeaders.stringsReview.fields
    return response
  }

  // MARK: The page

  /// The catalog and English's as they are now, or the answer saying why they cannot be read.
  private func catalogs() -> Result<(file: StringCatalogFile, english: StringCatalogFile), Refusal> {
    do {
      let english = try command.catalog("en", options).catalog
      let file = try command.catalog(tag, options).catalog
      return .success((file, english))
    } catch {
      return .failure(Refusal(500, "The catalogs cannot be read:\n" + Self.lines(error).joined(separator: "\n") + "\n"))
    }
  }

  private func page(_ request: HTTPRequest) -> HTTPResponse {
    switch catalogs() {
    case .failure(let refusal): return refusal.response
    case .success(let (file, english)):
      var notice: StringsReviewPage.Notice?
      if let key = request.argument("saved"), file.strings[key] != nil {
        notice = .saved(key)
      } else if let key = request.argument("unchanged"), file.strings[key] != nil {
        notice = .unchanged(key)
      }
      return html(
        200,
        StringsReviewPage(
          tag: tag, catalogPath: command.catalogURL(tag, options).path, catalog: file, english: english,
          screens: screens, token: token, focus: request.argument("key"), notice: notice))
    }
  }

  private func html(_ status: Int, _ page: StringsReviewPage) -> HTTPResponse {
    HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: page.html())
  }

  // MARK: Screens

  /// Every catalog in the folder, compiled (again only when its bytes changed); one that
  /// does not compile, or is not a regular file (a pipe would be waited on for good), is
  /// left out, its language's embedded catalog standing in.
  private func currentCatalogs() -> [LocaleCatalog] {
    let folder = options.localesDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var catalogs: [LocaleCatalog] = []
    for name in names where name.hasSuffix(".xcstrings") {
      let path = URL(fileURLWithPath: folder).appending(path: name).path
      guard StringsCommand.mayReadCatalog(path), let bytes = try? command.inputs.read(path).bytes else { continue }
      if let known = compiled.withLock({ $0[path] }), known.bytes == bytes {
        catalogs.append(known.catalog)
        continue
      }
      let tag = String(name.dropLast(".xcstrings".count))
      guard let catalog = try? CatalogCompiler.compile(Data(bytes), tag: tag, file: path) else { continue }
      compiled.withLock { $0[path] = (bytes, catalog) }
      catalogs.append(catalog)
    }
    return catalogs
  }

  /// Screen `name` in the language as the catalogs read now, every string marked.
  private func screen(_ name: String, form: String) -> HTTPResponse {
    let strings = StringMarkers.marked(replacing: currentCatalogs())
    let shot: StringsScreenshots.Shot
    do {
      guard let found = try screens.shots.shots(tag, strings: strings).first(where: { $0.name == name }) else {
        return .text(404, "No screen '\(name)'.\n")
      }
      shot = found
    } catch {
      return .text(500, "The examples cannot be read:\n" + Self.lines(error).joined(separator: "\n") + "\n")
    }
    let context = RenderContext(
      configuration: shot.configuration, tag: LanguageTag(tag), acceptLanguage: nil, strings: strings)
    switch form {
    case "page":
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: shot.screen.renderUTF8(.html, context: context))
    case "text":
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: shot.screen.renderUTF8(.text, context: context, width: OutputFormat.defaultTextWidth))
    case "spoken":
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: shot.screen.renderUTF8(.spoken, context: context))
    default:
      return .text(404, "Not found.\n")
    }
  }

  // MARK: Saving

  /// An answer that stops a request: a status and a line of text.
  struct Refusal: Error {
    var response: HTTPResponse
    init(_ status: Int, _ text: String) { response = .text(status, text) }
  }

  /// The fields of a post, checked: each name known and given once.
  struct Edit: Equatable {
    var key: String
    /// The typed text: by plural category, or under `""` for a string without plural forms.
    var values: [String: String]
    /// The English each value was typed against, as the page showed it.
    var sources: [String: String]
    /// The XLIFF state chosen (``XLIFFExport/states``), nil to keep the catalog's.
    var state: String?
    var token: String?
  }

  /// Why a body is not the page's form, in words; nil fields when it is.
  static func edit(_ body: [UInt8]) -> Result<Edit, Refusal> {
    let form: URLEncodedForm
    do { form = try URLEncodedForm(decoding: body) } catch {
      return .failure(Refusal(400, "The form cannot be read: \(error).\n"))
    }
    var seen: Set<String> = []
    var edit = Edit(key: "", values: [:], sources: [:])
    var key: String?
    for pair in form.pairs {
      guard seen.insert(pair.name).inserted else {
        return .failure(Refusal(400, "The form gives '\(pair.name)' more than once.\n"))
      }
      let name = pair.name
      switch name {
      case "token": edit.token = pair.value
      case "key": key = pair.value
      case "state": edit.state = pair.value.isEmpty ? nil : pair.value
      case "value": edit.values[""] = pair.value
      case "source": edit.sources[""] = pair.value
      case _ where name.hasPrefix("value.") && pluralCategories.contains(String(name.dropFirst(6))):
        edit.values[String(name.dropFirst(6))] = pair.value
      case _ where name.hasPrefix("source.") && pluralCategories.contains(String(name.dropFirst(7))):
        edit.sources[String(name.dropFirst(7))] = pair.value
      default:
        return .failure(
          Refusal(
            400,
            "The form has an unknown field '\(name)' (token, key, state, value, source, or value.CATEGORY and source.CATEGORY for a plural form: \(pluralCategories.joined(separator: ", "))).\n"
          ))
      }
    }
    guard let key, !key.isEmpty else { return .failure(Refusal(400, "The form names no 'key'.\n")) }
    guard !edit.values.isEmpty else { return .failure(Refusal(400, "The form gives no 'value' for \"\(key)\".\n")) }
    guard edit.values[""] == nil || edit.values.count == 1 else {
      return .failure(Refusal(400, "The form gives both 'value' and plural forms ('value.CATEGORY') for \"\(key)\".\n"))
    }
    edit.key = key
    return .success(edit)
  }

  /// `POST /strings`: the edit as one XLIFF section through `strings import`'s checks,
  /// then its writer; nothing written when any check refuses it.
  private func save(_ request: HTTPRequest) -> HTTPResponse {
    guard request.isURLEncodedForm else {
      return .text(415, "Post the page's form (application/x-www-form-urlencoded).\n")
    }
    let edit: Edit
    switch Self.edit(request.body) {
    case .failure(let refusal): return refusal.response
    case .success(let read): edit = read
    }
    if let refusal = LoopbackTool.refusal(of: request, token: edit.token, expected: token) {
      return .text(403, "Refused: \(refusal).\n")
    }
    return writing.withLock { _ in apply(edit) }
  }

  private func apply(_ edit: Edit) -> HTTPResponse {
    let (file, english): (StringCatalogFile, StringCatalogFile)
    switch catalogs() {
    case .failure(let refusal): return refusal.response
    case .success(let read): (file, english) = read
    }
    let englishLocalization = english.strings[edit.key]?.localizations?["en"]
    let units = edit.values.keys.sorted().map { category -> XLIFFImport.Unit in
      let current = XLIFFExport.source(englishLocalization, category: category.isEmpty ? nil : category)
      let id = category.isEmpty ? edit.key : edit.key + XLIFFExport.variationSeparator + category
      return XLIFFImport.Unit(
        id: id, source: edit.sources[category] ?? current ?? "", target: edit.values[category] ?? "",
        state: edit.state)
    }
    let section = XLIFFImport.Section(tag: tag, units: units)
    do {
      let plan = try command.importPlan([(Self.editLabel, .success([section]))], options)
      guard plan.problems.isEmpty else {
        return html(
          422,
          StringsReviewPage(
            tag: tag, catalogPath: command.catalogURL(tag, options).path, catalog: file, english: english,
            screens: screens, token: token, focus: edit.key, notice: nil,
            refused: StringsReviewPage.Refusal(edit: edit, problems: plan.problems)))
      }
      let report = try command.write(plan.changes)
      let outcome = report.hasSuffix(": unchanged\n") ? "unchanged" : "saved"
      var components = URLComponents()
      components.path = "/"
      components.queryItems = [
        URLQueryItem(name: outcome, value: edit.key), URLQueryItem(name: "key", value: edit.key),
      ]
      components.fragment = StringsReviewPage.id(edit.key)
      return HTTPResponse(status: 303, headers: [("Location", components.string ?? "/")])
    } catch {
      return .text(500, "Nothing was written:\n" + Self.lines(error).joined(separator: "\n") + "\n")
    }
  }

  /// An error's lines as the command line prints them.
  static func lines(_ error: any Error) -> [String] {
    (error as? RunFailure).map(PreviewReading.lines) ?? ["\(error)"]
  }

  // MARK: Running

  /// Starts listening on 127.0.0.1 and `port` (0 takes a free one). - Returns: the port.
  func start(port: Int) throws(HTTPDaemon.StartError) -> Int {
    try lifecycle.start(
      LoopbackTool.configuration(
        "strings review", host: "127.0.0.1", port: port, errorResponse: { [self] in errorResponse($0, $1) }),
      responder: self, clockName: "strings-review-clock")
  }

  /// Stops listening, after the answers in flight (up to two seconds).
  func stop() { lifecycle.stop(grace: .seconds(2)) }
}
