import Foundation
import TapToShareClient
import Testing

/// The seeds' checkout through `TapToShareClient` against a real `render-cli serve`,
/// while a scripted customer opens the page and answers the forms over HTTP.
@Suite(.timeLimit(.minutes(2))) struct CheckoutTests {
  static let configuration = CustomerSession.Configuration(
    currency: Locale.Currency("USD"), region: .unitedStates,
    privacyPolicyURL: URL(string: "https://example.com/privacy") ?? URL(filePath: "/"),
    storeName: "Oakbrook Mall", deviceName: "Emily")

  static let firstCart = ShoppingCart(
    items: [
      .init(
        id: "HRSP-M-UN-11-001", name: "Hair Spray", quantity: 1, totalPrice: Decimal(string: "5.00") ?? 0,
        descriptions: ["Unscented, 11 oz"])
    ],
    summary: .init(summaryLines: [.init(label: "Subtotal", value: Decimal(string: "5.00") ?? 0)], total: 5))

  /// The seeds' cart, exactly as their guide builds it.
  static let seedCart = ShoppingCart(
    items: [
      .init(
        id: "HRSP-M-UN-11-001", name: "Hair Spray", quantity: 4, totalPrice: Decimal(string: "20.00") ?? 0,
        totalAdjustedPrice: Decimal(string: "15.00") ?? 0,
        descriptions: ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"],
        details: ["This item cannot be shipped."])
    ],
    summary: .init(
      summaryLines: [
        .init(label: "Subtotal", value: Decimal(string: "15.00") ?? 0),
        .init(label: "Coupon Code: NY2OFF", value: Decimal(string: "-2.00") ?? 0),
        .init(label: "Shipping", value: "Free"), .init(label: "Tax", value: "10%"),
      ],
      footer: "Thank you for shopping with us.", total: Decimal(string: "14.30") ?? 0))

  @Test func theSeedsCheckoutWithASignupAndADeclinedAddress() async throws {
    let relayProcess = try await RelayProcess()
    defer { relayProcess.stop() }
    let relay = Relay(baseURL: relayProcess.baseURL, apiKey: RelayProcess.key)
    let session = try await relay.createCustomerSession(configuration: Self.configuration, routingKey: "till-1")
    #expect(session.id.hasPrefix("till-1."))
    #expect(session.customerURL.absoluteString.hasPrefix(relayProcess.baseURL.absoluteString + "/c/till-1."))
    // Child tasks (async let), not Task {}: a failed or timed-out test cancels them.
    async let everyEvent = session.events.reduce(into: [CustomerSession.Event]()) { $0.append($1) }

    // Before the customer connects, the seeds' rule: notReady.
    await #expect(throws: CustomerSessionError.notReady) { try await session.updateShoppingCart(Self.firstCart) }

    let customer = ScriptedCustomer(url: session.customerURL)
    let welcome = try await customer.open()
    #expect(welcome.status == 200)
    #expect(welcome.html.contains("Oakbrook Mall"))
    for try await event in session.events where event == .ready { break }

    let firstToken = try await session.updateShoppingCart(Self.firstCart)
    #expect(firstToken.warnings.isEmpty)
    #expect(try await customer.open().html.contains(#"data-item-id="HRSP-M-UN-11-001""#))

    // The sign-up: the customer reads the form and shares a name, an email and the email opt-in.
    async let signup = within(20, "the sign-up's answer") {
      try await session.requestSignup(
        purpose: .membership, fields: [.emailAddress, .phoneNumber], emailConsent: .visible, smsConsent: .visible,
        termsAndConditions: "**Terms and Conditions**\n\nYour terms, in Markdown.")
    }
    let signupForm = try await customer.openForm()
    #expect(
      signupForm.controlNames == [
        "token", "name", "emailAddress", "phoneNumber", "emailOptInSelection", "smsOptInSelection", "action", "action",
      ])
    #expect(signupForm.html.contains("<strong>Terms and Conditions</strong>"))
    // One form at a time: a second request, or a status, is sessionBusy while it is open.
    await #expect(throws: CustomerSessionError.sessionBusy) {
      try await session.requestCustomerInfo(purpose: .checkIn, fields: [.emailAddress])
    }
    await #expect(throws: CustomerSessionError.sessionBusy) {
      try await session.updateCustomerStatus(.paymentCompleted)
    }
    let posted = try await customer.post(
      [
        ("name", "Zoë Martin"), ("emailAddress", "zoe@example.com"), ("phoneNumber", ""),
        ("emailOptInSelection", "true"),
      ],
      action: "share", on: signupForm)
    #expect(posted == 303)
    let signedUp = try await signup
    #expect(signedUp.name == "Zoë Martin")
    #expect(signedUp.emailAddress == "zoe@example.com")
    #expect(signedUp.phoneNumber == nil)
    #expect(signedUp.emailOptInSelection == true)
    #expect(signedUp.smsOptInSelection == false)

    // An amount with more places than USD has: shown rounded, and the relay says so.
    var rounded = Self.seedCart
    rounded.items[0].totalAdjustedPrice = Decimal(string: "15.005")
    let roundedToken = try await session.updateShoppingCart(rounded)
    #expect(
      roundedToken.warnings == [
        "$.cart.items[0].totalAdjustedPrice: warning: 3 decimal places, USD has 2; shown rounded"
      ])
    #expect(roundedToken != firstToken)

    let seedToken = try await session.updateShoppingCart(Self.seedCart)
    #expect(seedToken.warnings.isEmpty)
    let cartPage = try await customer.open().html
    for shown in ["$14.30", "$15.00", "$20.00", "-$2.00", "Coupon Code: NY2OFF", "Thank you for shopping with us."] {
      #expect(cartPage.contains(shown), "the cart page shows \(shown)")
    }

    // The address: the customer declines the whole request.
    async let address = within(20, "the address's answer") {
      try await session.requestAddress(purpose: .shipping, fields: [.emailAddress, .phoneNumber])
    }
    let addressForm = try await customer.openForm()
    #expect(addressForm.controlNames.contains("postalCode"))
    #expect(try await customer.post([], action: "decline", on: addressForm) == 303)
    do {
      _ = try await address
      Issue.record("a declined address request returned")
    } catch CustomerSessionError.userDeclined {}

    try await session.updateCustomerStatus(.paymentCompleted)
    #expect(try await customer.open().html.contains("Payment completed"))
    try await session.close()
    try await session.close()  // closing an ended session does nothing
    #expect(try await customer.open().html.contains("The store ended the connection"))
    #expect(try await everyEvent == [.connected, .ready, .closed])
    await #expect(throws: CustomerSessionError.notReady) { try await session.updateCustomerStatus(.ready) }

    try await session.forget()
    try await session.forget()  // forgotten already
    #expect(try await customer.open().status == 404)
    await #expect(throws: CustomerSessionError.sessionNotFound) { try await session.updateCustomerStatus(.ready) }
  }

  /// A request whose task was cancelled leaves its form open; its answer, when the
  /// customer gives it, is not the next request's.
  @Test func aCancelledRequestsAnswerIsNotTheNextOnes() async throws {
    let relayProcess = try await RelayProcess()
    defer { relayProcess.stop() }
    let session = try await CustomerSession(
      configuration: Self.configuration, relay: Relay(baseURL: relayProcess.baseURL, apiKey: RelayProcess.key))
    let customer = ScriptedCustomer(url: session.customerURL)
    _ = try await customer.open()
    for try await event in session.events where event == .ready { break }

    let abandoned = Task { try await session.requestCustomerInfo(purpose: .receipt, fields: [.emailAddress]) }
    defer { abandoned.cancel() }
    let firstForm = try await customer.openForm()
    abandoned.cancel()
    await #expect(throws: CancellationError.self) { try await abandoned.value }
    #expect(try await customer.post([("emailAddress", "old@example.com")], action: "share", on: firstForm) == 303)

    async let next = within(20, "the second request's answer") {
      try await session.requestCustomerInfo(purpose: .checkIn, fields: [.emailAddress, .phoneNumber])
    }
    let secondForm = try await customer.openForm()
    #expect(secondForm.token != firstForm.token)
    #expect(
      try await customer.post(
        [("emailAddress", "new@example.com"), ("phoneNumber", "+1 408 555 0100")], action: "share", on: secondForm)
        == 303)
    let info = try await next
    #expect(info.emailAddress == "new@example.com")
    #expect(info.phoneNumber == "+1 408 555 0100")
    try await session.forget()
  }

  /// The relay's refusals, each as its `CustomerSessionError`.
  @Test func refusalsAreTheirErrors() async throws {
    let relayProcess = try await RelayProcess()
    defer { relayProcess.stop() }
    let relay = Relay(baseURL: relayProcess.baseURL, apiKey: RelayProcess.key)

    let wrongKey = Relay(baseURL: relayProcess.baseURL, apiKey: String(repeating: "w", count: 40))
    await #expect(throws: CustomerSessionError.unauthorized) {
      try await wrongKey.createCustomerSession(configuration: Self.configuration)
    }
    var badConfiguration = Self.configuration
    badConfiguration.currency = Locale.Currency("XYZ")
    do {
      _ = try await relay.createCustomerSession(configuration: badConfiguration)
      Issue.record("a currency that is none was taken")
    } catch CustomerSessionError.invalidRequest(let problems) {
      #expect(problems.count == 1)
      #expect(problems.first?.hasPrefix("$.currency: ") == true)
    }
    await #expect(
      throws: CustomerSessionError.invalidRequest(problems: ["routingKey: a routing key is 1 to 32 of A-Z a-z 0-9 - _"])
    ) {
      try await relay.createCustomerSession(configuration: Self.configuration, routingKey: "till 1")
    }

    let session = try await relay.createCustomerSession(configuration: Self.configuration)
    _ = try await ScriptedCustomer(url: session.customerURL).open()
    for try await event in session.events where event == .ready { break }
    var twice = Self.seedCart
    twice.items.append(twice.items[0])
    do {
      try await session.updateShoppingCart(twice)
      Issue.record("a cart with one id twice was taken")
    } catch CustomerSessionError.invalidRequest(let problems) {
      #expect(problems == [#"$.cart.items[1].id: duplicate item id "HRSP-M-UN-11-001" (first at $.cart.items[0])"#])
    }
    var notANumber = Self.seedCart
    notANumber.summary?.total = .nan
    await #expect(
      throws: CustomerSessionError.invalidRequest(problems: [
        "$.cart.summary.total: not a number (NaN); an amount is a finite Decimal"
      ])
    ) { try await session.updateShoppingCart(notANumber) }
    do {
      _ = try await session.requestCustomerInfo(purpose: .checkIn, fields: [])
      Issue.record("a request for no field was taken")
    } catch CustomerSessionError.invalidRequest(let problems) {
      #expect(problems.count == 1)
      #expect(problems.first?.hasPrefix("$.fields: ") == true, "\(problems)")
    }
    try await session.forget()
    await #expect(throws: CustomerSessionError.sessionNotFound) { try await session.updateShoppingCart(Self.seedCart) }
  }
}

/// `body`'s result, or an error naming `what` when it takes longer than `seconds` (so a
/// request whose answer never comes fails the test at once rather than at its time limit).
func within<T: Sendable>(
  _ seconds: Int, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else { throw NoAnswer(what: what, seconds: seconds) }
    return value
  }
}

struct NoAnswer: Error, CustomStringConvertible {
  let what: String
  let seconds: Int
  var description: String { "no \(what) within \(seconds) s" }
}
