import CartRender
import FallbackServer
import FormRender
import Foundation
import LivePreview
import RenderCore
import SessionReplay
import StatusRender

/// How `preview` reads a file: by its kind, with the decoding of the command that renders
/// that kind (`cart`, `form`, `status`, `replay`), and its problems in the lines that
/// command prints.
enum PreviewReading {
  /// A `.jsonl` file is a transcript; a JSON object with `request` a form request, with
  /// `status` a status; anything else a cart. A file keeps the kind it first read as
  /// (`kind`), so a broken edit shows the errors of its own kind.
  static func file(
    _ input: Input, previous: Input?, configuration: SessionConfiguration, kind: String? = nil
  ) -> PreviewFile {
    var kind = kind
    if kind == nil {
      var keys: [String] = []
      if case .object(let members)? = try? JSONParser.parse(input.bytes) { keys = members.map(\.key) }
      if input.label.hasSuffix(".jsonl") {
        kind = transcriptKind
      } else if keys.contains("request") {
        kind = formKind
      } else if keys.contains("status") {
        kind = statusKind
      }
    }
    switch kind {
    case transcriptKind: return transcript(input, configuration: configuration)
    case formKind: return form(input)
    case statusKind: return status(input)
    default: return cart(input, previous: previous, configuration: configuration)
    }
  }

  static let cartKind = "cart"
  static let formKind = "form request"
  static let statusKind = "status"
  static let transcriptKind = "session transcript"

  /// The lines the command line prints for `failure`, without their line feeds.
  static func lines(_ failure: RunFailure) -> [String] {
    Runner.report(failure).standardError.split(separator: "\n").map(String.init)
  }

  static func isCart(_ file: PreviewFile) -> Bool { file.kind == cartKind }

  private static func problem(_ failure: RunFailure) -> PreviewProblem { PreviewProblem(lines(failure)) }

  /// The session's configuration with the controls' region and currency.
  private static func applied(
    _ session: PreviewSession, to configuration: SessionConfiguration
  ) throws(PreviewProblem) -> SessionConfiguration {
    do { return try session.applied(to: configuration) } catch { throw PreviewProblem(error.lines(file: "controls")) }
  }

  private static func unknown(_ variant: String, in input: Input) -> PreviewProblem {
    PreviewProblem(["\(input.label): no screen '\(variant)'"])
  }

  // MARK: Carts

  private static func cart(_ input: Input, previous: Input?, configuration: SessionConfiguration) -> PreviewFile {
    let renderer = CartRenderer(input: input, previous: previous)
    do {
      for variant in renderer.variants {
        _ = try renderer.screen(variant.id, configuration: configuration, session: PreviewSession())
      }
    } catch {
      return PreviewFile(label: input.label, kind: cartKind, problems: error.lines, renderer: nil)
    }
    return PreviewFile(label: input.label, kind: cartKind, problems: [], renderer: renderer)
  }

  /// A cart as `cart` renders it, and with `--previous` its update as `cart --previous` does.
  private struct CartRenderer: PreviewRenderer {
    var input: Input
    var previous: Input?

    var variants: [PreviewVariant] {
      previous == nil
        ? [PreviewVariant(id: "cart", title: "Cart")]
        : [PreviewVariant(id: "update", title: "Update from --previous"), PreviewVariant(id: "cart", title: "Cart")]
    }

    func screen(
      _ variant: String, configuration: SessionConfiguration, session: PreviewSession
    ) throws(PreviewProblem) -> PreviewScreen {
      let configuration = try applied(session, to: configuration)
      var warnings: [String] = []
      let screen: any Screen
      do {
        switch variant {
        case "cart":
          screen = try Runner.cartScreen(
            input, previous: nil, currency: configuration.currency.rawValue, warnings: &warnings)
        case "update" where previous != nil:
          screen = try Runner.cartScreen(
            input, previous: previous, currency: configuration.currency.rawValue, warnings: &warnings)
        default: throw unknown(variant, in: input)
        }
      } catch let failure as RunFailure {
        throw problem(failure)
      } catch let problem as PreviewProblem {
        throw problem
      } catch {
        throw PreviewProblem(["\(input.label): \(error)"])
      }
      return PreviewScreen(screen, configuration: configuration)
    }

    func answer(_ body: [UInt8], to variant: String, context: RenderContext) -> PreviewAnswer? { nil }
  }

  // MARK: Forms

  private static func form(_ input: Input) -> PreviewFile {
    do {
      let request = try input.decode { json throws(DataErrors) in try FormRequest(json: json) }
      return PreviewFile(
        label: input.label, kind: formKind, problems: [], renderer: FormRenderer(input: input, request: request))
    } catch {
      return PreviewFile(label: input.label, kind: formKind, problems: lines(error), renderer: nil)
    }
  }

  /// A form request as `form` renders it, fresh or with the errors of an empty post, and
  /// a post answered as `parse` answers it.
  private struct FormRenderer: PreviewRenderer {
    var input: Input
    var request: FormRequest
    var variants: [PreviewVariant] {
      [PreviewVariant(id: "form", title: "Form"), PreviewVariant(id: "errors", title: "Form, an error on every field")]
    }

    /// A "Share" post with a control character (which no field takes) in every text
    /// field the form shows in `region`: each of them comes back with its error.
    func everyErrorPost(region: String) -> [UInt8] {
      let text = FormLayout(request: request, region: region).fields.filter {
        $0 != .country && $0 != .emailOptInSelection && $0 != .smsOptInSelection
      }
      return Array((["action=share"] + text.map { "\($0.rawValue)=%01" }).joined(separator: "&").utf8)
    }

    func screen(
      _ variant: String, configuration: SessionConfiguration, session: PreviewSession
    ) throws(PreviewProblem) -> PreviewScreen {
      let configuration = try applied(session, to: configuration)
      switch variant {
      case "form": return PreviewScreen(FormScreen(request), configuration: configuration)
      case "errors":
        let context = RenderContext(configuration: configuration, tag: session.locale, acceptLanguage: nil)
        let post = everyErrorPost(region: configuration.region.rawValue)
        let screen = answer(post, context: context).form ?? FormScreen(request)
        return PreviewScreen(screen, configuration: configuration)
      default: throw unknown(variant, in: input)
      }
    }

    func answer(_ body: [UInt8], to variant: String, context: RenderContext) -> PreviewAnswer? {
      answer(body, context: context)
    }

    /// `parse`'s output for `body`; on field errors, the form with them, as `serve`
    /// shows it after a post (`form --values --errors`).
    private func answer(_ body: [UInt8], context: RenderContext) -> PreviewAnswer {
      let response: FormResponse
      do {
        response = try FormSubmission.parse(body, request: request, context: context, expectedToken: nil)
      } catch {
        return PreviewAnswer(text: "post: \(error)", form: nil)
      }
      guard case .invalid(let errors) = response else { return PreviewAnswer(text: response.json, form: nil) }
      let values = try? URLEncodedForm(decoding: body)
      return PreviewAnswer(
        text: response.json, form: FormScreen(request, state: FormState(values: values, errors: errors)))
    }
  }

  // MARK: Statuses

  private static func status(_ input: Input) -> PreviewFile {
    do {
      let screen = try input.decode { json throws(DataErrors) in try statusScreen(json) }
      return PreviewFile(
        label: input.label, kind: statusKind, problems: [], renderer: StatusRenderer(input: input, screen: screen))
    } catch {
      return PreviewFile(label: input.label, kind: statusKind, problems: lines(error), renderer: nil)
    }
  }

  /// `{"status": NAME}`, NAME one `render-cli status` takes.
  private static func statusScreen(_ json: JSONValue) throws(DataErrors) -> StatusScreen {
    let path = JSONPath.root.appending(key: "status")
    guard case .object(let members) = json, let value = members.first(where: { $0.key == "status" })?.value,
      case .string(let name) = value
    else {
      throw DataErrors([DataProblem(path: path, message: "expected a status name (a string)")])
    }
    guard let screen = StatusScreen(rawValue: name) else {
      let names = StatusScreen.allCases.map(\.rawValue).joined(separator: ", ")
      throw DataErrors([DataProblem(path: path, message: "unknown status \"\(name)\"; use one of \(names)")])
    }
    return screen
  }

  private struct StatusRenderer: PreviewRenderer {
    var input: Input
    var screen: StatusScreen

    var variants: [PreviewVariant] { [PreviewVariant(id: "status", title: screen.rawValue)] }

    func screen(
      _ variant: String, configuration: SessionConfiguration, session: PreviewSession
    ) throws(PreviewProblem) -> PreviewScreen {
      guard variant == "status" else { throw unknown(variant, in: input) }
      return PreviewScreen(screen, configuration: try applied(session, to: configuration))
    }

    func answer(_ body: [UInt8], to variant: String, context: RenderContext) -> PreviewAnswer? { nil }
  }

  // MARK: Transcripts

  private static func transcript(_ input: Input, configuration: SessionConfiguration) -> PreviewFile {
    do {
      // `replay`'s own reading, for its checks and its error lines; it writes nothing here.
      try Replay.run(input.bytes, configuration: configuration, options: Replay.Options(formats: [])) { _ in }
    } catch let failure as Replay.Failure {
      return PreviewFile(
        label: input.label, kind: transcriptKind, problems: failure.lines(file: input.label), renderer: nil)
    } catch {
      return PreviewFile(
        label: input.label, kind: transcriptKind, problems: ["\(input.label): \(error)"], renderer: nil)
    }
    let renderer = TranscriptRenderer(input: input, configuration: configuration)
    return PreviewFile(label: input.label, kind: transcriptKind, problems: [], renderer: renderer)
  }

  /// A transcript's steps, each the screen `replay` writes for it.
  private struct TranscriptRenderer: PreviewRenderer {
    var input: Input
    let variants: [PreviewVariant]

    init(input: Input, configuration: SessionConfiguration) {
      self.input = input
      let steps = (try? Self.steps(input.bytes, configuration: configuration, session: PreviewSession())) ?? []
      variants = steps.map { PreviewVariant(id: "step-\($0.number)", title: "Step \($0.number): \($0.name)") }
    }

    /// Every step that shows a screen, numbered as `replay` numbers its files.
    static func steps(
      _ bytes: [UInt8], configuration: SessionConfiguration, session: PreviewSession
    ) throws -> [(number: Int, name: String, screen: PreviewScreen)] {
      var configuration = try applied(session, to: configuration)
      var customer: CustomerSession?
      var steps: [(number: Int, name: String, screen: PreviewScreen)] = []
      var number = 0
      for (index, line) in Transcript.lines(bytes).enumerated() {
        let json = try JSONParser.parse(Array(line.bytes))
        if index == 0, let configured = try Transcript.configuration(json) {
          configuration = try applied(session, to: configured)
          continue
        }
        var current = customer ?? CustomerSession(region: configuration.region.rawValue)
        let parsed = try Transcript.step(json, currency: configuration.currency.rawValue)
        try current.apply(parsed.step)
        customer = current
        number += 1
        if let screen = current.stage.screen(hintsAgainst: current.stage.previousCart) {
          steps.append((number, parsed.name, PreviewScreen(screen, configuration: configuration)))
        }
      }
      return steps
    }

    func screen(
      _ variant: String, configuration: SessionConfiguration, session: PreviewSession
    ) throws(PreviewProblem) -> PreviewScreen {
      let steps: [(number: Int, name: String, screen: PreviewScreen)]
      do { steps = try Self.steps(input.bytes, configuration: configuration, session: session) } catch {
        if let problem = error as? PreviewProblem { throw problem }
        throw PreviewProblem(["\(input.label): \(error)"])
      }
      guard let step = steps.first(where: { "step-\($0.number)" == variant }) else { throw unknown(variant, in: input) }
      return step.screen
    }

    func answer(_ body: [UInt8], to variant: String, context: RenderContext) -> PreviewAnswer? { nil }
  }
}
