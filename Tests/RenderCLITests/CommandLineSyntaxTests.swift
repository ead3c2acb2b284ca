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
