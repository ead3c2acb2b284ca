import CartRender
import FormRender
import Foundation
import PixelDiff
import PixelSnapshots
import RenderCore
import SessionReplay
import SnapshotFiles
import StatusRender

/// What a run produced. Nothing reaches standard output unless the run succeeded.
struct Outcome: Equatable {
  var status: ExitCode
  /// What goes to standard output, as written: a rendered page's bytes as they came.
  var standardOutputBytes: [UInt8]
  var standardError: String

  init(status: ExitCode, standardOutput: String = "", standardError: String = "") {
    self.init(status: status, standardOutputBytes: Array(standardOutput.utf8), standardError: standardError)
  }

  init(status: ExitCode, standardOutputBytes: [UInt8], standardError: String = "") {
    self.status = status
    self.standardOutputBytes = standardOutputBytes
    self.standardError = standardError
  }

  /// ``standardOutputBytes`` as text.
  var standardOutput: String { String(decoding: standardOutputBytes, as: UTF8.self) }
}

/// Why a run stopped early; each maps to one exit status.
enum RunFailure: Error {
  case usage(UsageError)
  /// Lines of the form `FILE: $.path: message`.
  case data([String])
  case noInput(String)
  case cannotCreate(String)
  /// Something the command needs is missing or failed: the browser of `snapshot --formats png`.
  case unavailable(String)
  /// A local tool's port is taken or not allowed: a usage error (64), as `preview` and
  /// `strings review` answer it, said in one line (no usage text: the command was right).
  case cannotListen(String)
}

/// Runs a parsed command: reads its inputs, renders, and writes the result. Files and
/// standard input are reached only through ``InputFiles`` and ``OutputTarget``.
struct Runner {
  var inputs: InputFiles
  /// The process environment: `CI` (the default record mode of `snapshot`) and what
  /// `serve` reads. Read only by the commands that use it: copying every variable into a
  /// dictionary is a measurable part of a short command's start (docs/PERFORMANCE.md).
  var environment: () -> [String: String] = { ProcessInfo.processInfo.environment }

  func run(_ arguments: [String]) -> Outcome {
    do {
      let command: Command
      do { command = try CommandLineSyntax.parse(arguments) } catch { throw RunFailure.usage(error) }
      switch command {
      case .help(let topic): return Outcome(status: .success, standardOutput: Help.text(for: topic))
      case .version: return Outcome(status: .success, standardOutput: Help.version + "\n")
      case .cart(let options):
        return try render(options.render) { context, warnings in
          try cartScreen(options, context: context, warnings: &warnings)
        }
      case .status(let options): return try render(options.render) { _, _ in options.screen }
      case .diff(let options):
        return try OutputTarget.deliver(Array(try diffCarts(options).utf8), to: options.outputPath)
      case .form(let options):
        return try render(options.render) { context, _ in try formScreen(options, context: context) }
      case .parse(let options): return try parseSubmission(options)
      case .replay(let options): return try replay(options)
      case .serve(let options): return ServeCommand.run(options, environment: environment())
      case .preview(let options): return PreviewCommand(inputs: inputs).run(options)
      case .snapshot(let options): return try snapshot(options)
      case .strings(let options): return try StringsCommand(inputs: inputs).run(options)
      }
    } catch let failure as RunFailure {
      return Self.report(failure)
    } catch {
      return Outcome(status: .internalError, standardError: "Error: internal error: \(error)\n")
    }
  }

  /// The one way every screen command renders: the context from the options, the
  /// screen made in it, then the screen in the asked format to the output. Warning
  /// lines the screen's inputs gave (`cart.json: $.items[1].totalPrice: warning: …`)
  /// go to standard error of a successful run.
  private func render(
    _ options: RenderOptions, screen makeScreen: (RenderContext, inout [String]) throws -> any Screen
  ) throws -> Outcome {
    let context = try makeContext(options)
    var warnings: [String] = []
    let screen = try makeScreen(context, &warnings)
    let output = screen.renderUTF8(
      options.format, context: context, width: options.width ?? OutputFormat.defaultTextWidth)
    var outcome = try OutputTarget.deliver(output, to: options.outputPath)
    outcome.standardError = warnings.map { $0 + "\n" }.joined() + outcome.standardError
    return outcome
  }

  /// The cart, or with `--previous` the update from the previous cart to it.
  private func cartScreen(_ options: CartOptions, context: RenderContext, warnings: inout [String]) throws -> any Screen
  {
    let input: Input
    if let file = options.file {
      input = try inputs.read(file)
    } else {
      input = Input(label: EmbeddedExamples.seedCartName, bytes: Array(EmbeddedExamples.seedCart.utf8))
    }
    let previousInput = try options.previous.map { (path) throws(RunFailure) in try inputs.read(path) }
    return try Self.cartScreen(
      input, previous: previousInput, currency: context.configuration.currency.rawValue, warnings: &warnings)
  }

  /// The cart in `input`, or the update to it from the cart in `previous` (with
  /// animation hints): what `cart` renders, and `preview` too.
  static func cartScreen(
    _ input: Input, previous previousInput: Input?, currency: String, warnings: inout [String]
  ) throws(RunFailure) -> any Screen {
    if let previousInput {
      let (previous, cart) = try decodeCarts(previousInput, input, currency: currency, warnings: &warnings)
      let update: CartUpdate
      do { update = try CartUpdate(cart, previous: previous) } catch {
        throw RunFailure.data(error.lines(oldFile: previousInput.label, newFile: input.label))
      }
      return update
    }
    return try input.decodeCart(currency: currency, warnings: &warnings)
  }

  /// The contract's `diff` JSON between two cart files. Amounts are compared as
  /// values, so no session (and no currency's decimal places) is needed.
  private func diffCarts(_ options: DiffOptions) throws -> String {
    let oldInput = try inputs.read(options.old)
    let newInput = try inputs.read(options.new)
    var warnings: [String] = []
    let (old, new) = try Self.decodeCarts(oldInput, newInput, currency: nil, warnings: &warnings)
    do {
      return JSONOutput.render(try CartDiff(from: old, to: new).json, scalarArraysInline: true)
    } catch {
      throw RunFailure.data(error.lines(oldFile: oldInput.label, newFile: newInput.label))
    }
  }

  /// Decodes two carts, reporting the problems of both before giving up.
  private static func decodeCarts(
    _ first: Input, _ second: Input, currency: String?, warnings: inout [String]
  ) throws(RunFailure) -> (ShoppingCart, ShoppingCart) {
    var lines: [String] = []
    func decode(_ input: Input) -> ShoppingCart? {
      do {
        return try input.decodeCart(currency: currency, warnings: &warnings)
      } catch {
        if case .data(let problems) = error { lines += problems }
        return nil
      }
    }
    let firstCart = decode(first)
    let secondCart = decode(second)
    guard let firstCart, let secondCart else { throw RunFailure.data(lines) }
    return (firstCart, secondCart)
  }

  /// The request's form, with the `--values`, `--errors` and `--token` it keeps.
  private func formScreen(_ options: FormOptions, context: RenderContext) throws -> any Screen {
    let request = try inputs.read(options.file).decode { json throws(DataErrors) in try FormRequest(json: json) }
    var state = FormState(token: options.token)
    if let path = options.valuesPath {
      state.values = try readBody(path, request: request, region: context.configuration.region.rawValue)
    }
    if let path = options.errorsPath {
      // Errors may name only fields the form shows, which depend on the country picked.
      let picked = state.values?.values(FormField.country.rawValue).first
      let region = FormLayout.region(picked: picked, session: context.configuration.region.rawValue).region
      let fields = FormLayout(request: request, region: region).fields
      state.errors = try inputs.read(path).decode { json throws(DataErrors) in
        try FieldError.list(json: json, fields: fields)
      }
    }
    return FormScreen(request, state: state)
  }

  /// `parse`: the response JSON with exit 0, or the field errors as JSON with exit 65.
  /// A body that is not this form's submission (malformed, a repeated key, a refused
  /// token) is a data error on standard error, with nothing on standard output.
  private func parseSubmission(_ options: ParseOptions) throws -> Outcome {
    let context = try makeContext(options.render)
    let request = try inputs.read(options.requestFile).decode { json throws(DataErrors) in
      try FormRequest(json: json)
    }
    let body = try inputs.read(options.bodyFile)
    let response: FormResponse
    do {
      response = try FormSubmission.parse(body.bytes, request: request, context: context, expectedToken: options.token)
    } catch {
      throw RunFailure.data(["\(body.label): \(error)"])
    }
    if case .invalid = response { return Outcome(status: .dataError, standardOutput: response.json) }
    return Outcome(status: .success, standardOutput: response.json)
  }

  /// A submitted form body for `form --values`, refused (exit 65) whenever `parse`
  /// would refuse it: too large, malformed, a repeated key, an unknown action or opt-in
  /// value, a token breaking the token rules.
  private func readBody(_ path: String, request: FormRequest, region: String) throws -> URLEncodedForm {
    let input = try inputs.read(path)
    do {
      return try FormSubmission.read(input.bytes, request: request, region: region).form
    } catch {
      throw RunFailure.data(["\(input.label): \(error)"])
    }
  }

  /// `replay`: one file per step and locale under the output folder, written as each
  /// step is replayed, so a broken line leaves the earlier steps' files in place.
  private func replay(_ options: ReplayOptions) throws -> Outcome {
    var configuration = SessionConfiguration.default
    if let path = options.configPath {
      configuration = try inputs.read(path).decode { json throws(DataErrors) in try SessionConfiguration(json: json) }
    }
    let transcript = try inputs.read(options.file)
    let directory = URL(fileURLWithPath: options.outputDirectory)
    try Self.prepareEmptyFolder(directory, named: options.outputDirectory)
    var written = 0
    var warnings: [String] = []
    let replayOptions = Replay.Options(
      locales: options.locales, formats: options.formats, width: options.width ?? OutputFormat.defaultTextWidth)
    do {
      let steps = try Replay.run(
        transcript.bytes, configuration: configuration, options: replayOptions,
        warn: { line, warning in warnings.append("\(transcript.label):\(line): \(warning)") }
      ) { file in
        let url = directory.appending(path: file.path)
        do {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data(file.bytes).write(to: url, options: .atomic)
        } catch {
          throw RunFailure.cannotCreate(
            "cannot write '\(url.path)': \(SystemErrorText.writing(url.path, error: error, makesFolders: true))")
        }
        written += 1
      }
      let stepWord = steps == 1 ? "step" : "steps"
      let fileWord = written == 1 ? "file" : "files"
      return Outcome(
        status: .success,
        standardOutput: "replay: \(steps) \(stepWord), \(written) \(fileWord) in \(options.outputDirectory)\n",
        standardError: warnings.map { $0 + "\n" }.joined())
    } catch let failure as Replay.Failure {
      throw RunFailure.data(warnings + failure.lines(file: transcript.label))
    }
  }

  /// Makes `directory` when missing; refuses one that is not a folder or not empty, so
  /// the files of an earlier run never mix with this one's.
  private static func prepareEmptyFolder(_ directory: URL, named name: String) throws(RunFailure) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw RunFailure.cannotCreate("'\(name)' exists and is not a folder") }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      guard entries.isEmpty else {
        throw RunFailure.cannotCreate("'\(name)' is not empty: replay into a new or empty folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw RunFailure.cannotCreate(
        "cannot make '\(name)': \(SystemErrorText.writing(directory.path, error: error, makesFolders: true))")
    }
  }

  /// `snapshot`: every input in every locale and format against its golden file; a
  /// report of what was recorded or differs, the summary line, and exit 1 on a mismatch.
  private func snapshot(_ options: SnapshotOptions) throws -> Outcome {
    var configuration = SessionConfiguration.default
    if let path = options.configPath {
      configuration = try inputs.read(path).decode { json throws(DataErrors) in try SessionConfiguration(json: json) }
    }
    var screens: [any Screen] = []
    for path in options.carts {
      screens.append(
        try inputs.read(path).decode { json throws(DataErrors) in
          try ShoppingCart(json: json, currency: configuration.currency.rawValue)
        })
    }
    for path in options.requests {
      let request = try inputs.read(path).decode { json throws(DataErrors) in try FormRequest(json: json) }
      screens.append(FormScreen(request))
    }
    screens += options.statuses.map { $0 as any Screen }
    let subjects = zip(options.subjectNames, screens).map { SnapshotSubject(name: $0, screen: $1) }
    let set = SnapshotSet(
      subjects: subjects, locales: options.locales, formats: options.formats, configuration: configuration,
      width: options.width ?? OutputFormat.defaultTextWidth)
    // A review compares and leaves writing to the person: only what they accept is written.
    let mode = options.review ? .never : options.record ?? SnapshotRecordMode.commandDefault(environment: environment())
    let directory = URL(fileURLWithPath: options.directory)
    let shown = options.directory.hasSuffix("/") ? String(options.directory.dropLast()) : options.directory
    let results = set.verify(in: directory, displayDirectory: shown, mode: mode)

    let unwritten = results.compactMap { result -> String? in
      guard case .notWritten(let reason) = result.outcome else { return nil }
      return "cannot write '\(result.file.displayPath)': \(reason)"
    }
    if let first = unwritten.first { throw RunFailure.cannotCreate(first) }
    var report = ""
    for result in results {
      switch result.outcome {
      case .matched, .notWritten: continue
      case .recorded: report += "recorded \(result.file.displayPath)\n"
      case .missing, .differs:
        report += (result.outcome.message(file: result.file, howToRecord: Self.howToRecord) ?? "") + "\n\n"
      }
    }
    let pixels =
      try options.pixels
      ? pixelSnapshots(
        options, subjects: subjects, configuration: configuration,
        directory: directory, shown: shown, mode: mode) : nil
    if let pixels { report += pixels.report }
    if let path = options.galleryPath {
      let images = (pixels?.run.results ?? []).map { result in
        var golden: [UInt8]?
        if result.outcome.isMismatch, case .found(let bytes) = result.file.golden() { golden = Array(bytes) }
        return SnapshotGallery.Image(
          subject: result.subject, caption: "\(result.localeTag) \(result.profile.caption)", file: result.file,
          outcome: result.outcome, png: result.png, width: result.profile.width, golden: golden,
          diff: result.outcome.isMismatch ? result.comparison.flatMap { try? PNGCodec.encode($0.diffImage) } : nil)
      }
      _ = try OutputTarget.deliver(Array(SnapshotGallery.page(results, images: images, title: shown).utf8), to: path)
    }
    var speechFindings = 0
    if let rules = options.speechRules {
      let locales = SnapshotLocales.resolve(options.locales, configuration: configuration)
      for subject in subjects {
        for locale in locales {
          let context = RenderContext(configuration: configuration, locale: locale)
          let spoken = subject.screen.render(.spoken, context: context)
          for finding in SpeechCheck.check(spoken, page: SpeechCheck.Page(context: context), rules: rules) {
            speechFindings += 1
            report +=
              "speech: \(shown)/\(subject.name)/\(locale.formattingTag).spoken.txt:\(finding.line): "
              + "\(finding.rule.rawValue): \(finding.rule.explanation): \(finding.node)\n"
          }
        }
      }
    }
    let summary = SnapshotSummary(outcomes: results.map(\.outcome) + (pixels?.run.results.map(\.outcome) ?? []))
    let speechLine = options.speechRules == nil ? "" : "speech: \(speechFindings) findings\n"
    let layoutFindings = pixels?.run.results.reduce(0) { $0 + $1.findings.count } ?? 0
    let layoutLine = options.layoutRules == nil ? "" : "layout: \(layoutFindings) findings\n"
    let browserFailures = pixels?.run.failures.count ?? 0
    if let path = options.junitPath {
      let cases =
        results.map { JUnitReport.Case(subject: $0.subject, file: $0.file, outcome: $0.outcome) }
        + (pixels?.run.results ?? []).map { result in
          var item = JUnitReport.Case(subject: result.subject, file: result.file, outcome: result.outcome)
          if item.failure == nil, !result.findings.isEmpty {
            item.failure = "breaks \(result.findings.count) layout rule(s)"
            item.details = result.findings.map(\.description).joined(separator: "\n")
          }
          return item
        }
      let xml = JUnitReport.xml(name: shown, cases: cases)
      _ = try OutputTarget.deliver(Array(xml.utf8), to: path)
    }
    let lines = summary.line + "\n" + speechLine + layoutLine
    var differing = summary.differing
    var reviewed = ""
    if options.review {
      let items = Self.reviewItems(results, pixels: pixels?.run.results ?? [])
      if items.isEmpty {
        reviewed = "review: nothing differs or is new\n"
      } else {
        let review = try serveReview(
          items, directory: directory, title: shown, port: options.port, report: report + lines)
        differing -= review.decisions.filter { $0 == .accepted }.count
        return Outcome(
          status: differing > 0 || speechFindings > 0 || layoutFindings > 0 || browserFailures > 0
            ? .snapshotsDiffer : .success,
          standardOutput: review.line + "\n")
      }
    }
    return Outcome(
      status: differing > 0 || speechFindings > 0 || layoutFindings > 0 || browserFailures > 0
        ? .snapshotsDiffer : .success,
      standardOutput: report + lines + reviewed)
  }

  private static let howToRecord = "run with --record missing, outside CI, to record it; then read and commit it"

  private func makeContext(_ options: RenderOptions) throws -> RenderContext {
    var configuration = SessionConfiguration.default
    if let path = options.configPath {
      configuration = try inputs.read(path).decode { json throws(DataErrors) in try SessionConfiguration(json: json) }
    }
    return RenderContext(configuration: configuration, tag: options.locale, acceptLanguage: options.acceptLanguage)
  }

  static func report(_ failure: RunFailure) -> Outcome {
    switch failure {
    case .usage(let error):
      let see = error.subcommand.map { "render-cli \($0.rawValue) --help" } ?? "render-cli --help"
      return Outcome(
        status: .usage,
        standardError:
          "Error: \(error.message)\n\(Help.usage(for: error.subcommand))\n  See '\(see)' for more information.\n")
    case .data(let lines):
      return Outcome(status: .dataError, standardError: lines.map { $0 + "\n" }.joined())
    case .noInput(let message):
      return Outcome(status: .noInput, standardError: "Error: \(message)\n")
    case .cannotCreate(let message):
      return Outcome(status: .cannotCreate, standardError: "Error: \(message)\n")
    case .unavailable(let message):
      return Outcome(status: .unavailable, standardError: "Error: \(message)\n")
    case .cannotListen(let message):
      return Outcome(status: .usage, standardError: "Error: \(message)\n")
    }
  }
}
