import FormRender
import Foundation
import RenderCore
import SessionReplay
import StatusRender

/// A command line the tool cannot run, with the subcommand whose usage to show.
struct UsageError: Error, Equatable {
  var message: String
  var subcommand: Subcommand?
}

/// Turns arguments into a ``Command`` without touching files, so it is tested alone.
///
/// Options are `--name value` or `--name=value`; `--` ends options; an option given
/// twice, an unknown one, or a missing value is a ``UsageError`` (exit 64).
enum CommandLineSyntax {
  /// Narrowest and widest `--width` accepted.
  static let widthRange = 20...1000

  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else { throw UsageError(message: "Missing subcommand.", subcommand: nil) }
    switch first {
    case "--help", "-h", "help":
      guard arguments.count > 1 else { return .help(nil) }
      guard let topic = Subcommand(rawValue: arguments[1]) else {
        throw UsageError(message: "Unknown subcommand '\(arguments[1])'.", subcommand: nil)
      }
      return .help(topic)
    case "--version":
      return .version
    default:
      break
    }
    guard let subcommand = Subcommand(rawValue: first) else {
      throw UsageError(message: "Unknown subcommand '\(first)'.", subcommand: nil)
    }
    let scanner = Scanner(
      arguments: Array(arguments.dropFirst()), subcommand: subcommand, known: options(of: subcommand))
    if scanner.wantsHelp { return .help(subcommand) }
    switch subcommand {
    case .cart:
      var options = CartOptions()
      options.render = try scanner.renderOptions()
      let positionals = scanner.positionals
      guard positionals.count <= 1 else {
        throw UsageError(message: "Unexpected argument '\(positionals[1])'.", subcommand: subcommand)
      }
      options.file = positionals.first
      if options.file == "-", options.render.configPath == "-" {
        throw UsageError(message: "Standard input can feed only one of FILE and --config.", subcommand: subcommand)
      }
      options.previous = scanner.take("--previous")
      if options.previous == "-", options.file == "-" || options.render.configPath == "-" {
        throw UsageError(
          message: "Standard input can feed only one of FILE, --config and --previous.", subcommand: subcommand)
      }
      return .cart(options)
    case .status:
      let render = try scanner.renderOptions()
      let names = StatusScreen.allCases.map(\.rawValue).joined(separator: ", ")
      guard let name = scanner.positionals.first else {
        throw UsageError(message: "Missing status name (\(names)).", subcommand: subcommand)
      }
      guard scanner.positionals.count == 1 else {
        throw UsageError(message: "Unexpected argument '\(scanner.positionals[1])'.", subcommand: subcommand)
      }
      guard let screen = StatusScreen(rawValue: name) else {
        throw UsageError(message: "Unknown status '\(name)'; use one of \(names).", subcommand: subcommand)
      }
      return .status(StatusOptions(screen: screen, render: render))
    case .diff:
      try scanner.check()
      let positionals = scanner.positionals
      guard positionals.count >= 2 else {
        throw UsageError(
          message: positionals.isEmpty ? "Missing OLD and NEW carts." : "Missing NEW cart.", subcommand: subcommand)
      }
      guard positionals.count == 2 else {
        throw UsageError(message: "Unexpected argument '\(positionals[2])'.", subcommand: subcommand)
      }
      guard positionals[0] != "-" || positionals[1] != "-" else {
        throw UsageError(message: "Standard input can feed only one of OLD and NEW.", subcommand: subcommand)
      }
      return .diff(DiffOptions(old: positionals[0], new: positionals[1], outputPath: scanner.take("--output")))
    case .form:
      let render = try scanner.renderOptions()
      let positionals = scanner.positionals
      guard let file = positionals.first else {
        throw UsageError(message: "Missing request FILE.", subcommand: subcommand)
      }
      guard positionals.count == 1 else {
        throw UsageError(message: "Unexpected argument '\(positionals[1])'.", subcommand: subcommand)
      }
      var options = FormOptions(file: file, render: render)
      options.token = try scanner.token()
      options.valuesPath = scanner.take("--values")
      options.errorsPath = scanner.take("--errors")
      try checkStandardInput(
        [options.file, options.render.configPath, options.valuesPath, options.errorsPath], subcommand: subcommand)
      return .form(options)
    case .parse:
      let render = try scanner.renderOptions()
      let positionals = scanner.positionals
      guard positionals.count >= 2 else {
        throw UsageError(
          message: positionals.isEmpty ? "Missing REQUEST and BODY." : "Missing BODY.", subcommand: subcommand)
      }
      guard positionals.count == 2 else {
        throw UsageError(message: "Unexpected argument '\(positionals[2])'.", subcommand: subcommand)
      }
      var options = ParseOptions(requestFile: positionals[0], bodyFile: positionals[1], render: render)
      options.token = try scanner.token()
      try checkStandardInput(
        [options.requestFile, options.bodyFile, options.render.configPath], subcommand: subcommand)
      return .parse(options)
    case .replay:
      try scanner.check()
      let positionals = scanner.positionals
      guard let file = positionals.first else {
        throw UsageError(message: "Missing transcript FILE.", subcommand: subcommand)
      }
      guard positionals.count == 1 else {
        throw UsageError(message: "Unexpected argument '\(positionals[1])'.", subcommand: subcommand)
      }
      guard let directory = scanner.take("--out"), !directory.isEmpty else {
        throw UsageError(message: "Missing '--out DIR'.", subcommand: subcommand)
      }
      var options = ReplayOptions(file: file, outputDirectory: directory)
      options.configPath = scanner.take("--config")
      if let list = scanner.take("--locales") {
        options.locales = try list.split(separator: ",", omittingEmptySubsequences: false).map {
          (tag) throws(UsageError) -> LanguageTag? in
          let trimmed = tag.trimmingCharacters(in: .whitespaces)
          guard let parsed = LanguageTag(trimmed) else {
            throw UsageError(message: "'\(trimmed)' is not a BCP 47 language tag (e.g. fr-CA).", subcommand: subcommand)
          }
          return parsed
        }
      }
      if let format = scanner.take("--format") {
        switch format {
        case "html": options.formats = [.html]
        case "text": options.formats = [.text]
        case "both": options.formats = [.html, .text]
        default:
          throw UsageError(message: "'\(format)' is not a format; use html, text or both.", subcommand: subcommand)
        }
      }
      options.width = try scanner.width()
      try checkStandardInput([options.file, options.configPath], subcommand: subcommand)
      return .replay(options)
    }
  }

  /// Standard input can be read once: at most one of `paths` may be `-`.
  private static func checkStandardInput(_ paths: [String?], subcommand: Subcommand) throws(UsageError) {
    guard paths.filter({ $0 == "-" }).count <= 1 else {
      throw UsageError(message: "Standard input can feed only one input.", subcommand: subcommand)
    }
  }

  /// The options (each taking a value) a subcommand accepts.
  static func options(of subcommand: Subcommand) -> Set<String> {
    let render: Set<String> = ["--config", "--locale", "--accept-language", "--format", "--width", "--output"]
    switch subcommand {
    case .cart: return render.union(["--previous"])
    case .status: return render
    case .diff: return ["--output"]
    case .form: return render.union(["--token", "--values", "--errors"])
    case .parse: return ["--config", "--locale", "--accept-language", "--token"]
    case .replay: return ["--out", "--locales", "--format", "--config", "--width"]
    }
  }

  /// Walks one subcommand's arguments, taking options by name.
  private struct Scanner {
    let subcommand: Subcommand
    private var values: [String: String] = [:]
    private(set) var positionals: [String] = []
    private var error: UsageError?
    private(set) var wantsHelp = false

    init(arguments: [String], subcommand: Subcommand, known: Set<String>) {
      self.subcommand = subcommand
      var index = 0
      var optionsEnded = false
      while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
          positionals.append(argument)
          continue
        }
        if argument == "--" {
          optionsEnded = true
          continue
        }
        if argument == "--help" || argument == "-h" {
          wantsHelp = true
          continue
        }
        var name = argument
        var value: String?
        if let equals = argument.firstIndex(of: "=") {
          name = String(argument[..<equals])
          value = String(argument[argument.index(after: equals)...])
        }
        guard known.contains(name) else {
          error = error ?? UsageError(message: "Unknown option '\(name)'.", subcommand: subcommand)
          continue
        }
        if value == nil, index < arguments.count {
          value = arguments[index]
          index += 1
        }
        guard let value else {
          error = error ?? UsageError(message: "Missing value for '\(name)'.", subcommand: subcommand)
          continue
        }
        if values[name] != nil {
          error = error ?? UsageError(message: "Option '\(name)' is given more than once.", subcommand: subcommand)
        }
        values[name] = value
      }
    }

    func take(_ name: String) -> String? { values[name] }

    /// Throws the first problem met while scanning, for commands without render options.
    func check() throws(UsageError) {
      if let error { throw error }
    }

    /// `--token`, checked: the engine carries a token, it never makes one up.
    func token() throws(UsageError) -> String? {
      guard let token = take("--token") else { return nil }
      if let problem = RequestToken.problem(token) {
        throw UsageError(message: "Invalid '--token': \(problem).", subcommand: subcommand)
      }
      return token
    }

    func renderOptions() throws(UsageError) -> RenderOptions {
      if let error { throw error }
      var options = RenderOptions()
      options.configPath = take("--config")
      options.acceptLanguage = take("--accept-language")
      options.outputPath = take("--output")
      if let tag = take("--locale") {
        guard let parsed = LanguageTag(tag) else {
          throw UsageError(message: "'\(tag)' is not a BCP 47 language tag (e.g. fr-CA).", subcommand: subcommand)
        }
        options.locale = parsed
      }
      if let format = take("--format") {
        guard let parsed = OutputFormat(rawValue: format) else {
          throw UsageError(message: "'\(format)' is not a format; use html or text.", subcommand: subcommand)
        }
        options.format = parsed
      }
      options.width = try width()
      return options
    }

    /// `--width`, checked against ``CommandLineSyntax/widthRange``.
    func width() throws(UsageError) -> Int? {
      guard let width = take("--width") else { return nil }
      guard let parsed = Int(width), CommandLineSyntax.widthRange.contains(parsed) else {
        throw UsageError(
          message:
            "'\(width)' is not a width; use a whole number from \(widthRange.lowerBound) to \(widthRange.upperBound).",
          subcommand: subcommand)
      }
      return parsed
    }
  }
}
