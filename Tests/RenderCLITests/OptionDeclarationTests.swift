import RenderCore
import Testing

@testable import render_cli

/// The declarations drive both parsing and help: what one shows, the other takes.
@Suite struct OptionDeclarationTests {
  /// A test-only option on a test-only table: `--earlier` stores where `--previous` does.
  static let earlier = OptionDeclaration<CartOptions>(
    "--earlier", value: "file",
    help: """
      A test-only name for the cart shown before;
      - reads standard input.
      """, into: \.previous)

  static let table = CommandLineSyntax(subcommands: [
    SubcommandDeclarations.cart.adding(earlier), SubcommandDeclarations.diff,
  ])

  @Test func anAddedOptionIsParsedAndInTheHelp() throws {
    #expect(
      try Self.table.parse(["cart", "new.json", "--earlier", "old.json"])
        == .cart(CartOptions(file: "new.json", previous: "old.json")))
    #expect(try Self.table.parse(["cart", "--earlier=-"]) == .cart(CartOptions(previous: "-")))
    #expect(Self.table.options(of: .cart).contains("--earlier"))
    let help = Help.text(for: .cart, in: Self.table)
    #expect(
      help.contains(
        """
          -h, --help              Show help information.
        """) && help.contains("  --output FILE           Write to FILE"))
    #expect(
      help.contains(
        """
          --earlier FILE          A test-only name for the cart shown before; - reads
                                  standard input.
          -h, --help              Show help information.

        """))
    // The standard table knows nothing of it.
    #expect(throws: UsageError(message: "Unknown option '--earlier'.", subcommand: .cart)) {
      try CommandLineSyntax.parse(["cart", "--earlier", "old.json"])
    }
    #expect(!Help.text(for: .cart).contains("--earlier"))
    // A missing value names the added option too, and the overview lists only the table's subcommands.
    #expect(throws: UsageError(message: "missing value for '--earlier FILE'", subcommand: .cart)) {
      try Self.table.parse(["cart", "--earlier"])
    }
    #expect(Help.text(for: nil, in: Self.table).contains("  diff                    Print the animation hints"))
    #expect(!Help.text(for: nil, in: Self.table).contains("  replay "))
  }

  @Test func anAddedOptionWithChoicesIsCheckedAndListed() throws {
    let shade = OptionDeclaration<CartOptions>(
      "--shade", value: "shade", choices: ["light", "dark"], help: "Test-only.", into: \.previous)
    let table = CommandLineSyntax(subcommands: [SubcommandDeclarations.cart.adding(shade)])
    #expect(try table.parse(["cart", "--shade", "dark"]) == .cart(CartOptions(previous: "dark")))
    #expect(throws: UsageError(message: "'dim' is not a shade; use light or dark.", subcommand: .cart)) {
      try table.parse(["cart", "--shade", "dim"])
    }
    #expect(Help.text(for: .cart, in: table).contains("\n  --shade light|dark      Test-only.\n"))
  }

  @Test(arguments: [
    (["cart", "--output", "--format", "text"], "missing value for '--output FILE'"),
    (["cart", "--output"], "missing value for '--output FILE'"),
    (["cart", "--output", "--"], "missing value for '--output FILE'"),
    (["cart", "--config", "--previous", "a.json"], "missing value for '--config FILE'"),
    (["cart", "--width", "--locale", "fr"], "missing value for '--width N'"),
    (["form", "r.json", "--token", "--values", "b.txt"], "missing value for '--token VALUE'"),
    (["parse", "r.json", "b.txt", "--accept-language"], "missing value for '--accept-language VALUE'"),
    (["replay", "s.jsonl", "--out", "--format", "text"], "missing value for '--out DIR'"),
    (["replay", "s.jsonl", "--out", "o", "--locales"], "missing value for '--locales LIST'"),
    (["status", "ready", "--format", "--width", "30"], "missing value for '--format html|text|spoken'"),
  ])
  func aValueThatLooksLikeAnOptionIsMissing(_ arguments: [String], _ message: String) {
    let subcommand = Subcommand(rawValue: arguments[0])
    #expect(throws: UsageError(message: message, subcommand: subcommand)) {
      try CommandLineSyntax.parse(arguments)
    }
    // The message names the option's value exactly as that subcommand's help does.
    let label = message.split(separator: "'")[1]
    // A label wider than help's first column stands on a line of its own.
    let help = Help.text(for: subcommand)
    #expect(help.contains("\n  \(label) ") || help.contains("\n  \(label)\n"))
  }

  @Test func aLoneDashIsAValueAndEqualsTakesAnything() throws {
    #expect(
      try CommandLineSyntax.parse(["cart", "--previous", "-", "new.json"])
        == .cart(CartOptions(file: "new.json", previous: "-")))
    var dashed = CartOptions()
    dashed.render.outputPath = "--format"
    #expect(try CommandLineSyntax.parse(["cart", "--output=--format"]) == .cart(dashed))
    #expect(
      try CommandLineSyntax.parse(["form", "r.json", "--token=-t0k3n"])
        == .form(FormOptions(file: "r.json", token: "-t0k3n")))
    // Help after an option that wants a value is help, not that option's value.
    #expect(try CommandLineSyntax.parse(["cart", "--output", "-h"]) == .help(.cart))
  }

  /// Every subcommand's help lists exactly the options it parses, from the same declarations.
  @Test(arguments: Subcommand.allCases)
  func everySubcommandsHelpComesFromItsDeclarations(_ subcommand: Subcommand) throws {
    let syntax = try #require(CommandLineSyntax.standard.syntax(for: subcommand))
    let help = Help.text(for: subcommand)
    #expect(help == Help.text(syntax.helpPage))
    let page = syntax.helpPage
    #expect(
      help.hasPrefix(
        Help.wrapped("OVERVIEW: " + page.overview, indent: "") + "\n"
          + Help.wrapped("USAGE: " + page.usage, indent: "  ")
          + "\n"))
    #expect(help.contains(Help.wrapped(Help.usage(for: subcommand), indent: "  ")))
    let options = try #require(help.split(separator: "\n\n").first { $0.hasPrefix("OPTIONS:\n") })
    let listed = options.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  --") else { return nil }
      return line.dropFirst(2).split(separator: " ").first.map(String.init)
    }
    #expect(listed == syntax.optionNames)
    #expect(Set(listed) == CommandLineSyntax.standard.options(of: subcommand))
    #expect(Set(listed).count == listed.count, "an option declared twice")
    // Every listed option is known to the parser: a value for it is never "Unknown option".
    for name in listed {
      do {
        _ = try CommandLineSyntax.parse([subcommand.rawValue, name])
        Issue.record("\(name) without a value parsed")
      } catch {
        // A flag (`--screenshots`) takes no value: given one, it says so.
        if !error.message.hasPrefix("missing value for ") {
          do {
            _ = try CommandLineSyntax.parse([subcommand.rawValue, name + "=x"])
            Issue.record("\(name)=x parsed")
          } catch {
            #expect(error.message == "'\(name)' takes no value.", "\(error.message)")
          }
          #expect(help.contains("\n  \(name) "), "\(name)")
          continue
        }
        // Named exactly as help writes it: `'--output FILE'`, `'--format html|text'`.
        let label = error.message.split(separator: "'").dropFirst().first ?? ""
        #expect(error.message.hasPrefix("missing value for '\(name) "), "\(error.message)")
        #expect(help.contains("\n  \(label) ") || help.contains("\n  \(label)\n"), "\(error.message)")
      }
    }
    #expect(Help.text(for: nil).contains("\n  \(subcommand.rawValue) "))
  }

  @Test func theOverviewListsEverySubcommandInOrder() {
    let names = CommandLineSyntax.standard.subcommands.map(\.subcommand)
    #expect(names == Subcommand.allCases)
  }
}
