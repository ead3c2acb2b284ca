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
    (["diff", "a.json", "b.json", "--output"], "Missing value for '--output'."),
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
      #expect(Help.text(for: subcommand).contains(Help.usage(for: subcommand)))
    }
  }

  @Test func helpAndVersion() throws {
    #expect(try CommandLineSyntax.parse(["--help"]) == .help(nil))
    #expect(try CommandLineSyntax.parse(["cart", "--help"]) == .help(.cart))
    #expect(try CommandLineSyntax.parse(["help", "cart"]) == .help(.cart))
    #expect(try CommandLineSyntax.parse(["--version"]) == .version)
  }

  @Test(arguments: [
    ([], "Missing subcommand."),
    (["bake"], "Unknown subcommand 'bake'."),
    (["cart", "--bogus"], "Unknown option '--bogus'."),
    (["cart", "a.json", "--bogus", "x"], "Unknown option '--bogus'."),
    (["cart", "--locale"], "Missing value for '--locale'."),
    (["cart", "--locale", "fr_CA"], "'fr_CA' is not a BCP 47 language tag (e.g. fr-CA)."),
    (["cart", "--format", "pdf"], "'pdf' is not a format; use html or text."),
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
