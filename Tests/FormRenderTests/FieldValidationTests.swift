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
    ("+1 (408) 555-0100", "+1 (408) 555-0100"),
    ("０９０-１２３４-５６７８", "090-1234-5678"),
    ("٠١٢٣٤٥٦٧٨٩", "0123456789"),
    ("＋４４ ２０ ７９４６ ０９５８", "+44 20 7946 0958"),
    ("408.555.0100", "408.555.0100"),
    ("1234", "1234"),
    ("123456789012345", "123456789012345"),
  ])
  func phoneNumbersAreNormalised(_ typed: String, _ expected: String) {
    #expect(PhoneNumber.normalize(typed) == .success(expected))
  }

  @Test(arguments: [
    ("408-555-0100 ext 5", PhoneNumber.Problem.characters),
    ("1+408", .characters),
    ("++1 408", .characters),
    ("tel:4085550100", .characters),
    ("123", .length),
    ("1234567890123456", .length),
    ("+ ( ) -", .length),
  ])
  func badPhoneNumbers(_ typed: String, _ problem: PhoneNumber.Problem) {
    #expect(PhoneNumber.normalize(typed) == .failure(problem))
  }

  @Test(arguments: [
    ("sw1a  1aa", "SW1A 1AA"),
    (" １５４－００２３ ", "154-0023"),
    ("٩٥٠١٤", "95014"),
    ("h3z\u{3000}2y7", "H3Z 2Y7"),
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
