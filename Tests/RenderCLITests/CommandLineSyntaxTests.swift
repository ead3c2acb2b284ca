import RenderCore
import Testing

@testable import render_cli

@Suite struct CommandLineSyntaxTests {
  func usage(_ arguments: [String]) -> String? {
    do {
      _ = try CommandLineSyntax.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func cartWithEveryOption() throws {
    let command = try CommandLineSyntax.parse([
      "cart", "c.json", "--config", "s.json", "--locale=fr-CA", "--accept-language", "de;q=0.5", "--format", "text",
      "--width", "32", "--output", "out.txt",
    ])
    var expected = CartOptions(file: "c.json")
    expected.render = RenderOptions(
      configPath: "s.json", locale: LanguageTag("fr-CA"), acceptLanguage: "de;q=0.5", format: .text, width: 32,
      outputPath: "out.txt")
    #expect(command == .cart(expected))
  }

  @Test func cartWithoutAFileUsesTheEmbeddedSeed() throws {
    #expect(try CommandLineSyntax.parse(["cart"]) == .cart(CartOptions()))
    #expect(try CommandLineSyntax.parse(["cart", "-"]) == .cart(CartOptions(file: "-")))
  }

  @Test func cartWithAPreviousCart() throws {
    var expected = CartOptions(file: "new.json", previous: "old.json")
    expected.render.format = .text
    #expect(
      try CommandLineSyntax.parse(["cart", "new.json", "--previous", "old.json", "--format", "text"]) == .cart(expected)
    )
    #expect(
      try CommandLineSyntax.parse(["cart", "new.json", "--previous=-"])
        == .cart(CartOptions(file: "new.json", previous: "-")))
  }

  @Test func diffTakesTwoCarts() throws {
    #expect(
      try CommandLineSyntax.parse(["diff", "a.json", "b.json"]) == .diff(DiffOptions(old: "a.json", new: "b.json")))
    #expect(
      try CommandLineSyntax.parse(["diff", "-", "b.json", "--output", "d.json"])
        == .diff(DiffOptions(old: "-", new: "b.json", outputPath: "d.json")))
    #expect(
      try CommandLineSyntax.parse(["diff", "--", "-a.json", "b.json"])
        == .diff(DiffOptions(old: "-a.json", new: "b.json")))
    #expect(try CommandLineSyntax.parse(["diff", "--help"]) == .help(.diff))
    #expect(try CommandLineSyntax.parse(["help", "diff"]) == .help(.diff))
  }

  @Test(arguments: [
    (["diff"], "Missing OLD and NEW carts."),
    (["diff", "a.json"], "Missing NEW cart."),
    (["diff", "a.json", "b.json", "c.json"], "Unexpected argument 'c.json'."),
    (["diff", "-", "-"], "Standard input can feed only one of OLD and NEW."),
    (["diff", "a.json", "b.json", "--locale", "fr"], "Unknown option '--locale'."),
    (["diff", "a.json", "b.json", "--previous", "c.json"], "Unknown option '--previous'."),
    (["diff", "a.json", "b.json", "--output"], "missing value for '--output FILE'"),
    (["cart", "-", "--previous", "-"], "Standard input can feed only one of FILE, --config and --previous."),
    (
      ["cart", "a.json", "--config", "-", "--previous", "-"],
      "Standard input can feed only one of FILE, --config and --previous."
    ),
    (["cart", "--previous", "a.json", "--previous", "b.json"], "Option '--previous' is given more than once."),
  ])
  func diffAndPreviousUsageErrors(_ arguments: [String], _ message: String) {
    #expect(usage(arguments) == message)
  }

  @Test func helpNamesTheNewCommandAndOption() {
    #expect(
      Help.text(for: nil).contains("  diff                    Print the animation hints between two carts as JSON."))
    #expect(Help.text(for: .cart).contains("  --previous FILE         The cart shown before this one;"))
    #expect(Help.text(for: .diff).hasPrefix("OVERVIEW: Print the animation hints between two carts"))
    #expect(Help.usage(for: .diff) == "USAGE: render-cli diff OLD NEW [--output FILE]")
    // Every subcommand has help and a usage line.
    for subcommand in Subcommand.allCases {
      #expect(Help.text(for: subcommand).contains(Help.wrapped(Help.usage(for: subcommand), indent: "  ")))
    }
  }

  @Test func exitStatusIsWrittenFromExitCode() {
    #expect(
      Help.text(for: .cart).hasSuffix(
        """
        EXIT STATUS:
          0 done, 64 bad command line, 65 bad input data (one line per problem on
          standard error: FILE: $.json.path: message), 66 a file cannot be read, 70
          internal error, 73 the --output file cannot be written, 74 standard output
          cannot be written (closed, full, a broken pipe).

        """))
    for subcommand in Subcommand.allCases {
      let help = Help.text(for: subcommand)
      let section = help.components(separatedBy: "EXIT STATUS:\n").last ?? ""
      #expect(help.components(separatedBy: "EXIT STATUS:").count == 2, "\(subcommand)")
      #expect(section.hasPrefix("  0 "), "\(subcommand)")
      #expect(section.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(subcommand)")
    }
  }

  @Test func everyHelpPageFitsEightyColumns() {
    let pages = [Help.text(for: nil)] + Subcommand.allCases.map { Help.text(for: $0) }
    for page in pages {
      let wide = page.split(separator: "\n").filter { $0.count > 80 }
      #expect(wide.isEmpty, "\(wide)")
    }
  }

  @Test func overviewListsEverySubcommandAndTheCommonStatuses() {
    let overview = Help.text(for: nil)
    for subcommand in Subcommand.allCases {
      #expect(overview.contains("\n  \(subcommand.rawValue) "), "\(subcommand)")
    }
    #expect(
      overview.hasSuffix(
        """
        EXIT STATUS:
          0 done, 64 bad command line.
          Each subcommand's help lists every status it can exit with.

        """))
  }

  @Test func helpAndVersion() throws {
    #expect(try CommandLineSyntax.parse(["--help"]) == .help(nil))
    #expect(try CommandLineSyntax.parse(["cart", "--help"]) == .help(.cart))
    #expect(try CommandLineSyntax.parse(["help", "cart"]) == .help(.cart))
    #expect(try CommandLineSyntax.parse(["--version"]) == .version)
  }

  @Test func formWithEveryOption() throws {
    let command = try CommandLineSyntax.parse([
      "form", "r.json", "--config", "s.json", "--locale", "ja-JP", "--format", "text", "--width", "30",
      "--token", "abc-123", "--values", "body.txt", "--errors=errors.json", "--output", "out.html",
    ])
    var expected = FormOptions(file: "r.json", token: "abc-123", valuesPath: "body.txt", errorsPath: "errors.json")
    expected.render = RenderOptions(
      configPath: "s.json", locale: LanguageTag("ja-JP"), format: .text, width: 30, outputPath: "out.html")
    #expect(command == .form(expected))
    #expect(try CommandLineSyntax.parse(["form", "-"]) == .form(FormOptions(file: "-")))
  }

  @Test func parseWithEveryOption() throws {
    let command = try CommandLineSyntax.parse([
      "parse", "r.json", "-", "--config", "s.json", "--accept-language", "fr", "--token", "t0k3n",
    ])
    var expected = ParseOptions(requestFile: "r.json", bodyFile: "-", token: "t0k3n")
    expected.render = RenderOptions(configPath: "s.json", acceptLanguage: "fr")
    #expect(command == .parse(expected))
    #expect(try CommandLineSyntax.parse(["parse", "--help"]) == .help(.parse))
    #expect(try CommandLineSyntax.parse(["help", "form"]) == .help(.form))
  }

  @Test(arguments: [
    (["form"], "Missing request FILE."),
    (["form", "a.json", "b.json"], "Unexpected argument 'b.json'."),
    (["form", "--bogus"], "Unknown option '--bogus'."),
    (["form", "a.json", "--token", ""], "Invalid '--token': a token cannot be empty."),
    (["form", "a.json", "--token", "a b"], "Invalid '--token': a token is printable ASCII without spaces."),
    (["form", "-", "--values", "-"], "Standard input can feed only one input."),
    (["parse"], "Missing REQUEST and BODY."),
    (["parse", "r.json"], "Missing BODY."),
    (["parse", "r.json", "b.txt", "c.txt"], "Unexpected argument 'c.txt'."),
    (["parse", "-", "-"], "Standard input can feed only one input."),
    (["parse", "r.json", "b.txt", "--format", "text"], "Unknown option '--format'."),
    (["parse", "r.json", "b.txt", "--values", "x"], "Unknown option '--values'."),
  ])
  func formAndParseUsageErrors(_ arguments: [String], _ message: String) {
    #expect(usage(arguments) == message)
  }

  @Test(arguments: [
    ([], "Missing subcommand."),
    (["bake"], "Unknown subcommand 'bake'."),
    (["cart", "--bogus"], "Unknown option '--bogus'."),
    (["cart", "a.json", "--bogus", "x"], "Unknown option '--bogus'."),
    (["cart", "--locale"], "missing value for '--locale TAG'"),
    (["cart", "--locale", "fr_CA"], "'fr_CA' is not a BCP 47 language tag (e.g. fr-CA)."),
    (["cart", "--format", "pdf"], "'pdf' is not a format; use html, text or spoken."),
    (["cart", "--width", "5"], "'5' is not a width; use a whole number from 20 to 1000."),
    (["cart", "--width", "wide"], "'wide' is not a width; use a whole number from 20 to 1000."),
    (["cart", "a.json", "b.json"], "Unexpected argument 'b.json'."),
    (["cart", "--locale", "fr", "--locale", "de"], "Option '--locale' is given more than once."),
    (["cart", "-", "--config", "-"], "Standard input can feed only one of FILE and --config."),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    #expect(usage(arguments) == message)
  }
}

@Suite struct HelpTopicTests {
  @Test func helpForAnUnknownSubcommandIsAUsageError() {
    #expect(throws: UsageError(message: "Unknown subcommand 'bogus'.", subcommand: nil)) {
      try CommandLineSyntax.parse(["help", "bogus"])
    }
  }
}
