import CartRender
import FormRender
import RenderCore
import StatusRender
import Testing

@testable import SessionReplay

@Suite struct CustomerSessionTests {
  let cartA = ShoppingCart(items: [.init(id: "A", name: "A", quantity: 1, totalPrice: 1)])
  let cartB = ShoppingCart(items: [.init(id: "B", name: "B", quantity: 2, totalPrice: 2)])
  let signup = SessionStep.request(
    SessionRequest(call: "requestSignup", form: FormRequest(kind: .signup, purpose: .membership)))

  func ready() throws -> CustomerSession {
    var session = CustomerSession()
    try session.apply(.event(.connected))
    try session.apply(.event(.ready))
    return session
  }

  func error(_ session: inout CustomerSession, _ step: SessionStep) -> CustomerSessionError? {
    do {
      try session.apply(step)
      return nil
    } catch {
      return error
    }
  }

  @Test func connectingShowsTheWelcome() throws {
    var session = CustomerSession()
    #expect(session.stage == .none)
    try session.apply(.event(.connected))
    #expect(session.stage == .welcome)
  }

  @Test func requestBeforeReadyIsNotReady() throws {
    var session = CustomerSession()
    try session.apply(.event(.connected))
    #expect(error(&session, signup) == .notReady)
    #expect(error(&session, .updateShoppingCart(cartA)) == .notReady)
    #expect(session.stage == .welcome)
  }

  @Test func secondRequestWhileAFormIsOpenIsSessionBusy() throws {
    var session = try ready()
    try session.apply(signup)
    #expect(error(&session, signup) == .sessionBusy)
    #expect(error(&session, .requestPayment) == .sessionBusy)
  }

  @Test func statusWhileAFormIsOpenIsSessionBusy() throws {
    var session = try ready()
    try session.apply(signup)
    #expect(error(&session, .updateStatus(.paymentCompleted)) == .sessionBusy)
    guard case .form = session.stage else {
      Issue.record("the form must stay open")
      return
    }
  }

  @Test func applePayIsIncompatibleOnTheWeb() throws {
    var session = try ready()
    #expect(error(&session, .requestPayment) == .incompatibleRequest("Apple Pay"))
  }

  @Test func cartUpdateWhileAFormIsOpenIsShownWhenItCloses() throws {
    var session = try ready()
    try session.apply(.updateShoppingCart(cartA))
    try session.apply(signup)
    try session.apply(.updateShoppingCart(cartB))
    guard case .form = session.stage else {
      Issue.record("the form must stay on screen")
      return
    }
    try session.apply(.declined)
    #expect(session.stage == .cart(cartB, previous: cartA))
  }

  @Test func responseWithNoOpenFormIsRefused() throws {
    var session = try ready()
    #expect(error(&session, .response(.object([]))) == .noOpenRequest)
  }

  @Test func readyStatusReturnsToTheCartOrThePlaceholder() throws {
    var session = try ready()
    try session.apply(.updateStatus(.paymentFailed))
    try session.apply(.updateStatus(.ready))
    #expect(session.stage == .cart(ShoppingCart(items: []), previous: nil))
    try session.apply(.updateShoppingCart(cartA))
    try session.apply(.updateStatus(.paymentCompleted))
    #expect(session.stage == .status(.paymentCompleted))
    try session.apply(.updateStatus(.ready))
    #expect(session.stage == .cart(cartA, previous: cartA))
  }

  @Test func formOverAStatusReturnsToIt() throws {
    var session = try ready()
    try session.apply(.updateStatus(.paymentCompleted))
    try session.apply(signup)
    try session.apply(.response(.object([])))
    #expect(session.stage == .status(.paymentCompleted))
  }

  @Test func nothingAfterClose() throws {
    var session = try ready()
    try session.apply(.close)
    #expect(session.stage == .status(.closed))
    #expect(error(&session, .updateShoppingCart(cartA)) == .notReady)
    #expect(error(&session, .event(.connected)) == .notReady)
    #expect(error(&session, .event(.ready)) == .notReady)
    // close() never throws in the seeds' API: closing again changes nothing.
    #expect(error(&session, .close) == nil)
    #expect(session.stage == .status(.closed))
  }

  @Test func eventsComeInTheSessionsOrder() throws {
    var session = CustomerSession()
    #expect(error(&session, .event(.ready)) == .notReady)
    #expect(error(&session, .event(.disconnected)) == .notReady)
    try session.apply(.event(.connected))
    #expect(error(&session, .event(.connected)) == .notReady)
  }

  @Test func closingBeforeTheCustomerConnectsShowsNothing() throws {
    var session = CustomerSession()
    try session.apply(.close)
    #expect(session.stage == .none)
    #expect(error(&session, .event(.connected)) == .notReady)
  }

  @Test func aResponseHoldsOnlyTheOpenFormsFields() throws {
    var session = try ready()
    let form = try FormRequest(
      json: try JSONParser.parse(Array(#"{"request":"signup","fields":["emailAddress"],"smsConsent":"visible"}"#.utf8)))
    try session.apply(.request(SessionRequest(call: "requestSignup", form: form)))
    func response(_ text: String) throws -> SessionStep { .response(try JSONParser.parse(Array(text.utf8))) }
    #expect(
      error(&session, try response(#"{"phoneNumber":"+15555550100"}"#))
        == .invalidResponse(
          #""phoneNumber" is not a field of the open form; use name, emailAddress, smsOptInSelection"#))
    #expect(error(&session, try response(#"{"emailOptInSelection":true}"#))?.name == "invalidResponse")
    #expect(error(&session, try response(#"{"token":"forged"}"#))?.name == "invalidResponse")
    #expect(
      error(&session, try response(#"{"emailAddress":"a\u0007@b.co"}"#))
        == .invalidResponse("emailAddress holds a control character"))
    #expect(error(&session, try response(#"{"name":"Zoë","emailAddress":null,"smsOptInSelection":false}"#)) == nil)
  }

  @Test func disconnectedShowsItsScreen() throws {
    var session = try ready()
    try session.apply(.event(.disconnected))
    #expect(session.stage == .status(.disconnected))
    #expect(error(&session, signup) == .notReady)
  }

  @Test func cartUpdatesCarryThePreviousCart() throws {
    var session = try ready()
    try session.apply(.updateShoppingCart(cartA))
    #expect(session.stage == .cart(cartA, previous: nil))
    try session.apply(.updateShoppingCart(cartB))
    #expect(session.stage == .cart(cartB, previous: cartA))
  }
}

@Suite struct TranscriptTests {
  func step(_ line: String) throws -> (String, SessionStep) {
    let parsed = try Transcript.step(try JSONParser.parse(Array(line.utf8)), currency: "USD")
    return (parsed.name, parsed.step)
  }

  func problems(_ line: String) -> [String] {
    do {
      _ = try step(line)
      return []
    } catch let error as DataErrors {
      return error.problems.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }

  @Test func callNamesInBothSpellings() throws {
    #expect(try step(#"{"call":"updateStatus","status":"paymentCompleted"}"#).1 == .updateStatus(.paymentCompleted))
    #expect(try step(#"{"call":"updateCustomerStatus","status":"paymentCompleted"}"#).0 == "updateCustomerStatus")
    #expect(try step(#"{"call":"requestApplePayPayment"}"#).1 == .requestPayment)
    #expect(try step(#"{"call":"requestPayment"}"#).1 == .requestPayment)
    #expect(try step(#"{"call":"closeCustomerSession"}"#).1 == .close)
    #expect(try step(#"{"call":"close"}"#).1 == .close)
    #expect(try step(#"{"event":"ready"}"#).1 == .event(.ready))
    #expect(try step(#"{"declined":true}"#).1 == .declined)
  }

  @Test func requestIsDecodedAsTheContractsRequest() throws {
    let (name, parsed) = try step(#"{"call":"requestSignup","fields":["emailAddress"],"emailConsent":"visible"}"#)
    #expect(name == "requestSignup")
    let expected = try FormRequest(
      json: try JSONParser.parse(
        Array(#"{"request":"signup","fields":["emailAddress"],"emailConsent":"visible"}"#.utf8)))
    #expect(parsed == .request(SessionRequest(call: "requestSignup", form: expected)))
  }

  @Test func walletPassAndWrongPurposeAreRefusedWithTheSeedsNames() {
    #expect(
      problems(#"{"call":"requestCustomerInfo","purpose":"checkIn","fields":["pass"]}"#)
        == ["$.fields[0]: incompatibleRequest: a Wallet pass cannot be shared on the web fallback"])
    #expect(problems(#"{"call":"requestAddress","purpose":"membership"}"#).first?.contains("invalidRequest") == true)
  }

  @Test func cartErrorsArePathedUnderCart() {
    #expect(
      problems(#"{"call":"updateShoppingCart","cart":{"items":[{"id":"","name":"x","quantity":1,"totalPrice":1}]}}"#)
        == ["$.cart.items[0].id: must not be empty"])
  }

  @Test func unknownThingsAreNamed() {
    #expect(problems(#"{"call":"dance"}"#) == [#"$.call: unknown call "dance""#])
    #expect(
      problems(#"{"event":"paired"}"#) == [
        #"$.event: unknown event "paired"; use connected, ready, disconnected, closed"#
      ])
    #expect(
      problems(#"{"call":"updateStatus","status":"closed"}"#)
        == [#"$.status: unknown status "closed"; use ready, paymentCompleted, paymentFailed, checkoutCompleted"#])
    #expect(problems(#"{"hello":1}"#) == [#"$: expected an "event", a "call", a "response" or "declined""#])
  }

  @Test func configurationLine() throws {
    let json = try JSONParser.parse(
      Array(#"{"configuration":{"currency":"EUR","region":"DE","privacyPolicyURL":"https://a.example/p"}}"#.utf8))
    #expect(try Transcript.configuration(json)?.currency.rawValue == "EUR")
    let bad = try JSONParser.parse(Array(#"{"configuration":{"currency":"EUR"}}"#.utf8))
    #expect(throws: DataErrors.self) { try Transcript.configuration(bad) }
  }

  @Test func linesAreNumberedAndBlankOnesSkipped() {
    let lines = Transcript.lines(Array("{\"a\":1}\n\n  \n{\"b\":2}\n".utf8))
    #expect(lines.map(\.number) == [1, 4])
  }
}
