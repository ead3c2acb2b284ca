/// A positional argument, as help lists it; the subcommand's `make` reads it.
struct ArgumentDeclaration: Sendable {
  /// As usage shows it: `FILE`, `SESSION.jsonl`.
  let name: String
  /// Hand-wrapped lines, like ``OptionDeclaration/help``.
  let help: String
}

/// What help shows for one subcommand, with no trace of its options' types.
struct HelpPage: Sendable {
  struct Entry: Sendable {
    /// `FILE`, `--output FILE`.
    var label: String
    var help: String
  }

  var overview: String
  /// After `USAGE: `: `render-cli cart [FILE] [options]`.
  var usage: String
  var arguments: [Entry]
  var options: [Entry]
  /// Sections after OPTIONS (OUTPUT ...), a blank line between two, EXIT STATUS last.
  var sections: String
}

/// A subcommand as the parser and help see it, whatever its options' type.
protocol SubcommandSyntax: Sendable {
  var subcommand: Subcommand { get }
  /// Its line in the overview's SUBCOMMANDS.
  var abstract: String { get }
  var helpPage: HelpPage { get }
  /// The options it knows, with dashes, in help's order.
  var optionNames: [String] { get }
  /// The subcommand's arguments (after its name) as a command; `--help` anywhere
  /// gives `.help(subcommand)`.
  func parse(_ arguments: [String]) throws(UsageError) -> Command
}

/// One subcommand declared once: its help, its positional arguments, and its options,
/// each storing into `Options`.
///
/// Parsing runs in this order: every argument is scanned (an unknown option, a
/// missing value or an option given twice is an error, unless `--help` is there);
/// `make` builds the options from the positional arguments; every option stores its
/// value, in command-line order; `check` refuses what no single option can see.
struct SubcommandDeclaration<Options>: SubcommandSyntax {
  let subcommand: Subcommand
  let abstract: String
  /// Hand-wrapped lines after `OVERVIEW: `.
  let overview: String
  /// After `render-cli <subcommand> `: `[FILE] [options]`.
  let usage: String
  let arguments: [ArgumentDeclaration]
  let options: [OptionDeclaration<Options>]
  /// Help sections after OPTIONS; see ``HelpPage/sections``.
  let sections: String
  /// The statuses it can exit with, in help's order: its EXIT STATUS section is
  /// written from them (``ExitCode/helpSection(_:meanings:width:)``).
  let exitStatuses: [ExitCode]
  /// Its own words for a status where ``ExitCode/meaning`` is not enough.
  let exitMeanings: [ExitCode: String]
  /// Options from the positional arguments, or an error saying which are missing or extra.
  let make: @Sendable ([String]) throws(UsageError) -> Options
  /// Rules across options, such as standard input feeding only one input.
  let check: @Sendable (Options) throws(UsageError) -> Void
  let command: @Sendable (Options) -> Command

  init(
    _ subcommand: Subcommand, abstract: String, overview: String, usage: String,
    arguments: [ArgumentDeclaration], options: [OptionDeclaration<Options>], sections: String,
    exitStatuses: [ExitCode], exitMeanings: [ExitCode: String] = [:],
    make: @escaping @Sendable ([String]) throws(UsageError) -> Options,
    check: @escaping @Sendable (Options) throws(UsageError) -> Void = { _ throws(UsageError) in },
    command: @escaping @Sendable (Options) -> Command
  ) {
    self.subcommand = subcommand
    self.abstract = abstract
    self.overview = overview
    self.usage = usage
    self.arguments = arguments
    self.options = options
    self.sections = sections
    self.exitStatuses = exitStatuses
    self.exitMeanings = exitMeanings
    self.make = make
    self.check = check
    self.command = command
  }

  /// The same subcommand with one more option, listed last.
  func adding(_ option: OptionDeclaration<Options>) -> Self {
    Self(
      subcommand, abstract: abstract, overview: overview, usage: usage, arguments: arguments,
      options: options + [option], sections: sections, exitStatuses: exitStatuses,
      exitMeanings: exitMeanings, make: make, check: check,
      command: command)
  }

  var optionNames: [String] { options.map(\.name) }

  var helpPage: HelpPage {
    HelpPage(
      overview: overview, usage: "render-cli \(subcommand.rawValue) \(usage)",
      arguments: arguments.map { HelpPage.Entry(label: $0.name, help: $0.help) },
      options: options.map { HelpPage.Entry(label: $0.helpLabel, help: $0.help) },
      sections: sections + (sections.isEmpty ? "" : "\n") + ExitCode.helpSection(exitStatuses, meanings: exitMeanings))
  }

  func parse(_ arguments: [String]) throws(UsageError) -> Command {
    let scan = OptionScan(arguments, options: options)
    if scan.wantsHelp { return .help(subcommand) }
    do throws(UsageError) {
      if let error = scan.error { throw error }
      var parsed = try make(scan.positionals)
      for (index, value) in scan.values {
        let option = options[index]
        try option.checkChoice(value)
        try option.store(&parsed, value)
      }
      try check(parsed)
      return command(parsed)
    } catch {
      throw UsageError(message: error.message, subcommand: subcommand)
    }
  }
}

/// One pass over a subcommand's arguments: positionals, and each option's value by
/// its index in the declarations.
///
/// A value is the rest of `--name=value`, or else the next argument unless that looks
/// like an option (starts with `-` and is not `-` alone, which means standard input):
/// `--output --format text` is a missing value, never a file named `--format`. `--`
/// ends options.
private struct OptionScan<Options> {
  private(set) var positionals: [String] = []
  /// In command-line order.
  private(set) var values: [(Int, String)] = []
  private(set) var error: UsageError?
  private(set) var wantsHelp = false

  init(_ arguments: [String], options: [OptionDeclaration<Options>]) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(argument) {
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
      guard let declared = options.firstIndex(where: { $0.name == name }) else {
        fail("Unknown option '\(name)'.")
        continue
      }
      if options[declared].isFlag {
        if value != nil { fail("\(options[declared].usageLabel) takes no value.") }
        value = ""
      } else if value == nil, index < arguments.count, !Self.looksLikeOption(arguments[index]) {
        value = arguments[index]
        index += 1
      }
      guard let value else {
        fail("missing value for \(options[declared].usageLabel)")
        continue
      }
      if values.contains(where: { $0.0 == declared }) {
        fail("Option '\(name)' is given more than once.")
      }
      values.append((declared, value))
    }
  }

  private static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument != "-"
  }

  /// Keeps the first problem: it is the one the user meets first.
  private mutating func fail(_ message: String) {
    error = error ?? UsageError(message)
  }
}
