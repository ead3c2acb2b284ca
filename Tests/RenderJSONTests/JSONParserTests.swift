import Foundation
import Testing

@testable import RenderCore
@testable import RenderJSON
@testable import RenderMoney

@Suite struct JSONParserTests {
  func parse(_ text: String) throws(DataErrors) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  func problem(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.problems.map(\.description).joined(separator: "\n")
    }
  }

  @Test func numbersKeepTheirLiteral() throws {
    let value = try parse(#"{"a": 14.30, "b": [0.1, -2e3, 99999999999999999.99]}"#)
    #expect(
      value
        == .object([
          ("a", .number("14.30")), ("b", .array([.number("0.1"), .number("-2e3"), .number("99999999999999999.99")])),
        ]))
  }

  @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
    #expect(try parse(#""a\"\\\/\n\u00e9\ud83d\ude00""#) == .string("a\"\\/\né😀"))
  }

  @Test func objectKeepsMemberOrder() throws {
    guard case .object(let members) = try parse(#"{"z":1,"a":2,"m":3}"#) else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m"])
  }

  @Test(arguments: [
    (#"{"a": 1,}"#, "$: invalid JSON at line 1, column 9: expected a member name in double quotes"),
    (
      "{\"items\": [\n  {\"id\": 01}\n]}",
      "$.items[0].id: invalid JSON at line 2, column 11: a number may not start with 0"
    ),
    (#"{"a": 1, "a": 2}"#, #"$.a: invalid JSON at line 1, column 10: the key "a" is given twice"#),
    (#""\ud800""#, #"$: invalid JSON at line 1, column 8: lone surrogate \u escape"#),
    ("\"tab\there\"", "$: invalid JSON at line 1, column 5: control character in a string (escape it)"),
    ("[1] [2]", "$: invalid JSON at line 1, column 5: unexpected text after the JSON value"),
    ("", "$: invalid JSON at line 1, column 1: unexpected end of input"),
    ("NaN", "$: invalid JSON at line 1, column 1: unexpected character"),
    ("[1.]", "$[0]: invalid JSON at line 1, column 4: expected a digit after '.'"),
    // Cut short: the end of input is named, then what was expected there.
    (
      #"{"request": "signup", "#,
      "$: invalid JSON at line 1, column 23: unexpected end of input (expected a member name in double quotes)"
    ),
    ("[1", "$: invalid JSON at line 1, column 3: unexpected end of input (expected ',' or ']')"),
    ("[1.", "$[0]: invalid JSON at line 1, column 4: unexpected end of input (expected a digit after '.')"),
  ])
  func malformedInputNamesPathLineAndColumn(_ text: String, _ expected: String) {
    #expect(problem(text) == expected)
  }

  @Test func invalidUTF8IsAnError() {
    let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
    #expect(throws: DataErrors.self) { try JSONParser.parse(bytes) }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(problem(deep)?.contains("nested deeper than 64 levels") == true)
    let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(problem(allowed) == nil)
  }

  @Test func byteOrderMarkIsTolerated() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("true".utf8)) == .bool(true))
  }
}

@Suite struct JSONReadingTests {
  /// The amount, its problems and its warnings, in a currency (USD by default).
  func amount(_ literal: String, currency: String? = "USD") -> (Decimal?, [String], warnings: [String]) {
    var log = ProblemLog()
    let value = JSONValue.number(literal).amount(
      at: JSONPath.root.appending(key: "x"), currency: currency.map(CurrencyMinorUnits.init), log: &log)
    return (value, log.problems.map(\.description), log.warnings.map(\.description))
  }

  @Test(arguments: ["0.1", "14.30", "99999999999999999.99", "-2.00", "0", "1e2", "1.5E+1", "-0.01"])
  func amountsAreExact(_ literal: String) {
    let (value, problems, _) = amount(literal)
    #expect(problems.isEmpty)
    #expect(value == Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")))
  }

  @Test func exactValuesNotBinaryApproximations() {
    #expect(amount("0.1").0?.description == "0.1")
    #expect(amount("14.30").0?.description == "14.3")
    #expect(amount("99999999999999999.99").0?.description == "99999999999999999.99")
  }

  @Test func moreDecimalPlacesThanTheCurrencyAreRoundedWithAWarning() {
    let cents = amount("15.005")
    #expect(cents.0 == Decimal(string: "15"))
    #expect(cents.1.isEmpty)
    #expect(cents.warnings == ["$.x: warning: 3 decimal places, USD has 2; shown rounded"])
    #expect(amount("15.000").warnings.isEmpty)
    #expect(amount("15.000").0 == 15)
    let yen = amount("1500.5", currency: "JPY")
    #expect(yen.0 == 1500)
    #expect(yen.warnings == ["$.x: warning: 1 decimal place, JPY has 0; shown rounded"])
    #expect(amount("1501.5", currency: "JPY").0 == 1502)
    #expect(amount("1.125", currency: "KWD").warnings.isEmpty)
    #expect(amount("1e-3").0 == 0)
    #expect(amount("1e-3").warnings == ["$.x: warning: 3 decimal places, USD has 2; shown rounded"])
    #expect(amount("0.125").0 == Decimal(string: "0.12"))
    #expect(amount("0.135").0 == Decimal(string: "0.14"))
    #expect(amount("-0.135").0 == Decimal(string: "-0.14"))
    #expect(amount("2.67500001").0 == Decimal(string: "2.68"))
    #expect(amount("15.005", currency: nil) == (Decimal(string: "15.005"), [], warnings: []))
  }

  @Test func hugeAmountsAreRefused() {
    #expect(amount("1e400").1 == ["$.x: 1e400 is too large for an amount (at most 20 digits before the decimal point)"])
    #expect(
      amount("123456789012345678901.00").1 == [
        "$.x: 123456789012345678901.00 is too large for an amount (at most 20 digits before the decimal point)"
      ])
    #expect(
      amount("1.000000000000000000000000000000000000001", currency: nil).1 == [
        "$.x: 1.000000000000000000000000000000000000001 has more than 38 significant digits"
      ])
  }

  @Test func stringWhereAnAmountGoesIsAnError() {
    var log = ProblemLog()
    let value = JSONValue.string("15.00").amount(at: .root, currency: CurrencyMinorUnits("USD"), log: &log)
    #expect(value == nil)
    #expect(log.problems.map(\.description) == ["$: expected an amount (a JSON number), found a string"])
  }

  @Test func pathsQuoteKeysThatAreNotPlainNames() {
    #expect(
      JSONPath.root.appending(key: "items").appending(index: 2).appending(key: "id").description == "$.items[2].id")
    #expect(JSONPath.root.appending(key: "odd key").description == #"$["odd key"]"#)
  }

  @Test func controlCharactersInStringsAreRefusedButLineFeedsAllowed() {
    var log = ProblemLog()
    #expect(JSONValue.string("a\u{7}b").string(at: .root, log: &log) == nil)
    #expect(log.problems.map(\.description) == ["$: control character U+0007 is not allowed"])
    #expect(JSONValue.string("line\nnext").string(at: .root, log: &log) == "line\nnext")
  }

  @Test func aTabIsShownAsASpaceExceptInMarkdown() {
    var log = ProblemLog()
    #expect(JSONValue.string("Hair\tSpray\t").string(at: .root, log: &log) == "Hair Spray ")
    #expect(JSONValue.string("\tcode\tx").markdownText(at: .root, log: &log) == "\tcode\tx")
    // Fuzzing found a tab before a combining mark kept: the two are one Character.
    #expect(JSONValue.string("Ship\t\u{301}ping").string(at: .root, log: &log) == "Ship \u{301}ping")
    #expect(log.problems.isEmpty)
    #expect(JSONValue.string("a\u{1B}b").markdownText(at: .root, log: &log) == nil)
    #expect(JSONValue.string("a\rb").string(at: .root, log: &log) == nil)
    #expect(
      log.problems.map(\.description) == [
        "$: control character U+001B is not allowed", "$: control character U+000D is not allowed",
      ])
  }
}
