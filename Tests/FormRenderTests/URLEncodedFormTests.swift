import Testing

@testable import FormRender

@Suite struct URLEncodedFormTests {
  func pairs(_ body: String) throws -> [String] {
    try URLEncodedForm(decoding: Array(body.utf8)).pairs.map { "\($0.name)=\($0.value)" }
  }

  func failure(_ bytes: [UInt8]) -> URLEncodedForm.DecodingError? {
    do {
      _ = try URLEncodedForm(decoding: bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func plusPercentAndUTF8() throws {
    #expect(
      try pairs("name=Jos%C3%A9+P%C3%A9rez&emailAddress=a%40b.c&x=%2B1&%E5%90%8D=%E6%9D%B1%E4%BA%AC") == [
        "name=José Pérez", "emailAddress=a@b.c", "x=+1", "名=東京",
      ])
  }

  @Test func rawUTF8AndEmptyPiecesAreRead() throws {
    #expect(try pairs("a=é&&b&=v&c=") == ["a=é", "b=", "=v", "c="])
    #expect(try pairs("") == [])
  }

  @Test func repeatedNamesKeepTheirOrder() throws {
    let form = try URLEncodedForm(decoding: Array("street=1+Main+St&city=X&street=Apt+2".utf8))
    #expect(form.values("street") == ["1 Main St", "Apt 2"])
    #expect(form.values("missing") == [])
  }

  @Test func aFinalLineFeedIsIgnored() throws {
    #expect(try pairs("action=share\n") == ["action=share"])
    #expect(try pairs("action=share\r\n") == ["action=share"])
    #expect(try pairs("a=%0A") == ["a=\n"])
  }

  @Test(arguments: [
    ("name=%zz", 6, "\"%zz\" is not a percent escape (% and two hexadecimal digits)"),
    ("name=ab%4", 8, "\"%4\" is not a percent escape (% and two hexadecimal digits)"),
    ("a=1&b=%", 7, "\"%\" is not a percent escape (% and two hexadecimal digits)"),
    ("a=%G1", 3, "\"%G1\" is not a percent escape (% and two hexadecimal digits)"),
    ("a=%FF%FE", 3, "not UTF-8 once decoded"),
    ("a=%C3", 3, "not UTF-8 once decoded"),
    ("%ED%A0%80=x", 1, "not UTF-8 once decoded"),
  ])
  func malformedBodiesAreErrorsNotCrashes(_ body: String, _ byte: Int, _ message: String) {
    #expect(failure(Array(body.utf8)) == URLEncodedForm.DecodingError(byte: byte, message: message))
  }

  @Test func invalidRawBytesAreRefused() {
    #expect(failure([0x61, 0x3D, 0xFF]) == URLEncodedForm.DecodingError(byte: 3, message: "not UTF-8 once decoded"))
    #expect(
      failure([0x61, 0x3D, 0x25, 0x09, 0x41])?.message
        == "\"%?A\" is not a percent escape (% and two hexadecimal digits)")
  }
}
