import Testing

@testable import FormRender

@Suite struct FieldValidationTests {
  @Test(arguments: [
    "jane@example.com", "j.a-n+e@mail.example.co.uk", "a@b", "o'brien@example.ie", "x@1-2.example",
    "!#$%&'*+/=?^_`{|}~-@example.com", ".leading.dot.is.valid.in.whatwg.@example.com",
  ])
  func validEmailAddresses(_ email: String) {
    #expect(EmailAddress.isValid(email))
  }

  @Test(arguments: [
    "", "jane", "@example.com", "jane@", "jane@@example.com", "jane@exa mple.com", "jane@-example.com",
    "jane@example-.com", "jane@example..com", "jane@.example.com", "jané@example.com", "jane@exämple.com",
    "\"quoted\"@example.com", "jane@example.com.", "jane@" + String(repeating: "a", count: 64) + ".com",
  ])
  func invalidEmailAddresses(_ email: String) {
    #expect(!EmailAddress.isValid(email))
  }

  @Test func labelsOfSixtyThreeCharactersAreTheLimit() {
    #expect(EmailAddress.isValid("jane@" + String(repeating: "a", count: 63) + ".com"))
  }

  @Test(arguments: [
    "+1 (408) 555-0100", "０９０-１２３４-５６７８", "٠١٢٣٤٥٦٧٨٩", "＋４４ ２０ ７９４６ ０９５８", "408.555.0100", "1234",
    "123456789012345", "+1\u{A0}408\u{2003}555\u{3000}0100", "१२३४",
  ])
  func phoneNumbersOfAnyScriptsDigits(_ typed: String) {
    #expect(PhoneNumber.problem(typed) == nil)
  }

  @Test(arguments: [
    ("408-555-0100 ext 5", PhoneNumber.Problem.characters),
    ("1+408", .characters),
    ("++1 408", .characters),
    ("tel:4085550100", .characters),
    // Only Numeric_Type=Decimal characters are digits: NFKC would make these 1234 and 2345.
    ("①②③④", .characters),
    ("²³⁴⁵", .characters),
    ("⒈⒉⒊⒋", .characters),
    ("123", .length),
    ("1234567890123456", .length),
    ("+ ( ) -", .length),
  ])
  func badPhoneNumbers(_ typed: String, _ problem: PhoneNumber.Problem) {
    #expect(PhoneNumber.problem(typed) == problem)
  }

  @Test(arguments: [
    ("sw1a  1aa", "SW1A 1AA"),
    (" １５４－００２３ ", "154-0023"),
    ("٩٥٠١٤", "95014"),
    ("h3z\u{3000}2y7", "H3Z 2Y7"),
    // Not digits, so never a code's digits.
    ("①②③④⑤", "①②③④⑤"),
  ])
  func postalCodesAreNormalised(_ typed: String, _ expected: String) {
    #expect(AddressFormat.PostalCodeRule.normalize(typed) == expected)
  }

  @Test func valuesAreTrimmedOfAnyWhiteSpace() {
    #expect("\u{3000} Jane \t".trimmedValue() == "Jane")
    #expect("a\nb".hasControlCharacters)
    #expect("a\u{2028}b".hasControlCharacters)
    #expect(!"José".hasControlCharacters)
  }
}
