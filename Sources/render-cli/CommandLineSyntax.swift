import RenderCore

/// A command line the tool cannot run, with the subcommand whose usage to show.
struct UsageError: Error, Equatable {
  var message: String
  var subcommand: Subcommand?
}

extension UsageError {
  /// An error a declaration throws; the parser adds the subcommand.
  init(_ message: String) { self.init(message: message, subcommand: nil) }
}

/// The whole command line: the subcommands, each declared once with its options (see
/// ``SubcommandDeclaration``). Turns arguments into a ``Command`` without touching
/// files, so it is tested alone, and writes the help from the same declarations.
///
/// Options are `--name value` or `--name=value`; `--` ends options; an option given
/// twice, an unknown one, or a missing value is a ``UsageError`` (exit 64).
struct CommandLineSyntax: Sendable {
  /// Narrowest and widest `--width` accepted.
  static let widthRange = 20...1000

  /// render-cli's subcommands, in the overview's order.
  static let standard = CommandLineSyntax(subcommands: [
    SubcommandDeclarations.cart, SubcommandDeclarations.status, SubcommandDeclarations.diff,
    SubcommandDeclarations.form, SubcommandDeclarations.parse, SubcommandDeclarations.replay,
    SubcommandDeclarations.serve, SubcommandDeclarations.preview,
    SubcommandDeclarations.snapshot, SubcommandDeclarations.strings,
  ])

  let subcommands: [any SubcommandSyntax]

  /// Parses with ``standard``.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    try standard.parse(arguments)
  }

  func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else { throw UsageError("Missing subcommand.") }
    switch first {
    case "--help", "-h", "help":
      guard arguments.count > 1 else { return .help(nil) }
      guard let topic = syntax(named: arguments[1]) else {
        throw UsageError("Unknown subcommand '\(arguments[1])'.")
      }
      return .help(topic.subcommand)
    case "--version":
      return .version
    default:
      guard let syntax = syntax(named: first) else {
        throw UsageError("Unknown subcommand '\(first)'.")
      }
      return try syntax.parse(Array(arguments.dropFirst()))
    }
  }

  func syntax(for subcommand: Subcommand) -> (any SubcommandSyntax)? {
    subcommands.first { $0.subcommand == subcommand }
  }

  private func syntax(named name: String) -> (any SubcommandSyntax)? {
    subcommands.first { $0.subcommand.rawValue == name }
  }

  /// The options (each taking a value) a subcommand accepts.
  func options(of subcommand: Subcommand) -> Set<String> {
    Set(syntax(for: subcommand)?.optionNames ?? [])
  }

  /// Standard input can be read once: at most one of `paths` may be `-`.
  static func checkStandardInput(_ paths: [String?]) throws(UsageError) {
    guard paths.filter({ $0 == "-" }).count <= 1 else {
      throw UsageError("Standard input can feed only one input.")
    }
  }

  /// Exactly `count` positional arguments, or an error naming what is missing
  /// (`missing(count given)`) or the first one too many.
  static func positionals(
    _ positionals: [String], count: Int, missing: (Int) -> String
  ) throws(UsageError) -> [String] {
    guard positionals.count >= count else { throw UsageError(missing(positionals.count)) }
    guard positionals.count == count else {
      throw UsageError("Unexpected argument '\(positionals[count])'.")
    }
    return positionals
  }
}
