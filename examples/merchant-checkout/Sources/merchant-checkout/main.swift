// The seeds' checkout, as a merchant's Swift program runs it on the relay with
// TapToShareClient: open a session, show the customer's URL, wait until the customer is
// ready, share the cart, sign them up, update the cart, ask for a shipping address (they
// may decline), show "Payment completed", close, and have the relay forget the session.
//
//   RENDER_API_KEY=… swift run --package-path examples/merchant-checkout merchant-checkout [BASE_URL]
//
// BASE_URL defaults to http://127.0.0.1:8080. Open the printed URL in a browser (or show it
// as a QR code) and answer the two forms.
import Foundation
import TapToShareClient

guard let apiKey = ProcessInfo.processInfo.environment["RENDER_API_KEY"], apiKey.count >= 32 else {
  FileHandle.standardError.write(Data("merchant: set RENDER_API_KEY to the relay's API key\n".utf8))
  exit(64)
}
let base = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
guard let baseURL = URL(string: base), let privacyPolicy = URL(string: "https://example.com/privacy") else {
  FileHandle.standardError.write(Data("merchant: '\(base)' is not a URL\n".utf8))
  exit(64)
}

/// One line on standard output, written at once (also into a pipe or a file, where
/// `print` would wait for its buffer to fill): the customer's URL is read as it comes.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Amounts from their decimal digits: `Decimal(string:)`, never a `Double` literal.
func amount(_ digits: String) -> Decimal {
  guard let value = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else {
    preconditionFailure("\(digits) is not an amount")
  }
  return value
}

let relay = Relay(baseURL: baseURL, apiKey: apiKey)
let configuration = CustomerSession.Configuration(
  currency: Locale.Currency("USD"), region: .unitedStates, privacyPolicyURL: privacyPolicy,
  storeName: "Oakbrook Mall", deviceName: "Emily")

do {
  let session = try await relay.createCustomerSession(configuration: configuration, routingKey: "till-1")
  say("merchant: the customer opens \(session.customerURL)")

  // The seeds register their event handler before anything else; here a child task
  // prints every event until the session closes.
  async let watched: Void = {
    for try await event in session.events { say("merchant: event \(event)") }
  }()
  for try await event in session.events where event == .ready { break }

  let hairSpray = ShoppingCart.Item(
    id: "HRSP-M-UN-11-001", name: "Hair Spray", quantity: 1, totalPrice: amount("5.00"),
    descriptions: ["Unscented, 11 oz"])
  try await session.updateShoppingCart(
    ShoppingCart(
      items: [hairSpray],
      summary: .init(summaryLines: [.init(label: "Subtotal", value: amount("5.00"))], total: amount("5.00"))))
  say("merchant: cart: Hair Spray x1")

  let signup = try await session.requestSignup(
    purpose: .membership, fields: [.emailAddress, .phoneNumber], emailConsent: .visible, smsConsent: .visible,
    termsAndConditions: "**Terms and Conditions**\n\nYour terms, in Markdown.")
  // Each field is nil when the customer did not share it.
  say("merchant: signed up \(signup.name ?? "(no name)"), email \(signup.emailAddress ?? "not shared")")
  say("merchant: email opt-in \(signup.emailOptInSelection == true), SMS opt-in \(signup.smsOptInSelection == true)")

  let token = try await session.updateShoppingCart(
    ShoppingCart(
      items: [
        ShoppingCart.Item(
          id: "HRSP-M-UN-11-001", name: "Hair Spray", quantity: 4, totalPrice: amount("20.00"),
          totalAdjustedPrice: amount("15.00"), descriptions: ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"],
          details: ["This item cannot be shipped."])
      ],
      summary: .init(
        summaryLines: [
          .init(label: "Subtotal", value: amount("15.00")),
          .init(label: "Coupon Code: NY2OFF", value: amount("-2.00")),
          .init(label: "Shipping", value: "Free"), .init(label: "Tax", value: "10%"),
        ],
        footer: "Thank you for shopping with us.", total: amount("14.30"))))
  for warning in token.warnings { say("merchant: the relay rounded \(warning)") }
  say("merchant: cart: Hair Spray x4, one free")

  do {
    let address = try await session.requestAddress(purpose: .shipping, fields: [.emailAddress, .phoneNumber])
    say("merchant: ship to \(address.name ?? ""), \(address.postalCode ?? "") \(address.country ?? "")")
  } catch CustomerSessionError.userDeclined {
    say("merchant: the customer declined to share an address; they take the order with them")
  }

  try await session.updateCustomerStatus(.paymentCompleted)
  say("merchant: status: payment completed")
  try await session.close()
  try await watched
  try await session.forget()
  say("merchant: session forgotten")
} catch let error as CustomerSessionError {
  FileHandle.standardError.write(Data("merchant: \(error)\n".utf8))
  exit(1)
}
