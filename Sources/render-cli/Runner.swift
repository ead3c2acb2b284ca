import CartRender
import Foundation
import RenderCore
import StatusRender

/// What a run produced. Nothing reaches standard output unless the run succeeded.
struct Outcome: Equatable {
  var status: ExitCode
  var standardOutput = ""
  var standardError = ""
}

/// Why a run stopped early; each maps to one exit status.
enum RunFailure: Error {
  case usage(UsageError)
  /// Lines of the form `FILE: $.path: message`.
  case data([String])
  case noInput(String)
  case cannotCreate(String)
}

/// Runs a parsed command: reads its inputs, renders, and writes the result. Files and
/// standard input are reached only through ``InputFiles`` and ``OutputTarget``.
struct Runner {
  var inputs: InputFiles

  func run(_ arguments: [String]) -> Outcome {
    do {
      let command: Command
      do { command = try CommandLineSyntax.parse(arguments) } catch { throw RunFailure.usage(error) }
      switch command {
      case .help(let topic): return Outcome(status: .success, standardOutput: Help.text(for: topic))
      case .version: return Outcome(status: .success, standardOutput: Help.version + "\n")
      case .cart(let options): return try OutputTarget.deliver(try renderCart(options), to: options.render.outputPath)
      case .status(let options):
        return try OutputTarget.deliver(try renderStatus(options), to: options.render.outputPath)
      }
    } catch let failure as RunFailure {
      return Self.report(failure)
    } catch {
      return Outcome(status: .internalError, standardError: "Error: internal error: \(error)\n")
    }
  }

  private func renderCart(_ options: CartOptions) throws -> String {
    let context = try makeContext(options.render)
    let input: Input
    if let file = options.file {
      input = try inputs.read(file)
    } else {
      input = Input(label: EmbeddedExamples.seedCartName, bytes: Array(EmbeddedExamples.seedCart.utf8))
    }
    let cart = try input.decode { json throws(DataErrors) in
      try ShoppingCart(json: json, currency: context.configuration.currency)
    }
    switch options.render.format {
    case .html: return CartHTML.render(cart, context: context)
    case .text: return CartText.render(cart, context: context, width: options.render.width ?? CartText.defaultWidth)
    }
  }

  private func renderStatus(_ options: StatusOptions) throws -> String {
    let context = try makeContext(options.render)
    switch options.render.format {
    case .html: return StatusHTML.render(options.screen, context: context)
    case .text:
      return StatusText.render(options.screen, context: context, width: options.render.width ?? StatusText.defaultWidth)
    }
  }

  private func makeContext(_ options: RenderOptions) throws -> RenderContext {
    var configuration = SessionConfiguration.default
    if let path = options.configPath {
      configuration = try inputs.read(path).decode { json throws(DataErrors) in try SessionConfiguration(json: json) }
    }
    let locale = RenderLocale(
      explicit: options.locale, acceptLanguage: options.acceptLanguage, region: configuration.region,
      available: UIStrings.bundled.languages)
    return RenderContext(configuration: configuration, locale: locale)
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
    }
  }
}
