import Foundation
import RenderJSON
import RenderLocalization
import RenderMoney

/// What the merchant's app configures for the whole session
/// (`CustomerEngagementSession.Configuration`, MoovKit's `CustomerSessionConfiguration`).
///
/// A library user makes one with ``validated(currency:region:privacyPolicyURL:websiteURL:storeName:deviceName:)``
/// or from the contract's JSON (``init(jsonUTF8:)``), both checking every rule, so a
/// configuration that exists holds a known currency, a known region and links that go
/// where they read (never `javascript:`).
public struct SessionConfiguration: Sendable, Equatable {
  /// ISO 4217 code of every amount in the session, e.g. `USD`, `JPY`, `KWD`.
  public package(set) var currency: CurrencyCode
  /// The store's country, an ISO 3166-1 alpha-2 code in ICU's list (e.g. `US`): fills in
  /// a locale tag that has no region, and lays out addresses. The contract's JSON and
  /// ``validated(currency:region:privacyPolicyURL:websiteURL:storeName:deviceName:)``
  /// refuse a region that is not a country (`419`, `EU`).
  public package(set) var region: RegionCode
  /// Absolute `https:` or `http:` URL, linked on every screen.
  public package(set) var privacyPolicyURL: WebURL
  /// Absolute `https:` URL, shown with the brand details.
  public package(set) var websiteURL: WebURL?
  /// The store's name, shown in the header; nil shows none.
  public package(set) var storeName: String?
  /// The device's or the salesperson's name.
  public package(set) var deviceName: String?

  package init(
    currency: CurrencyCode, region: RegionCode, privacyPolicyURL: WebURL,
    websiteURL: WebURL? = nil, storeName: String? = nil, deviceName: String? = nil
  ) {
    self.currency = currency
    self.region = region
    self.privacyPolicyURL = privacyPolicyURL
    self.websiteURL = websiteURL
    self.storeName = storeName
    self.deviceName = deviceName
  }

  /// The configuration of these values when ``validated(currency:region:privacyPolicyURL:websiteURL:storeName:deviceName:)``
  /// accepts them all; nil otherwise. For settings written in the package's own code.
  package init?(
    currency: String, region: String, privacyPolicyURL: String,
    websiteURL: String? = nil, storeName: String? = nil, deviceName: String? = nil
  ) {
    guard
      let checked = try? Self.validated(
        currency: currency, region: region, privacyPolicyURL: privacyPolicyURL,
        websiteURL: websiteURL, storeName: storeName, deviceName: deviceName)
    else { return nil }
    self = checked
  }

  /// The contract's default without `--config`: USD, US, no names, example.com's policy.
  public static let `default`: SessionConfiguration = {
    // Literals the initializers accept; the tests check the default's values.
    guard let currency = CurrencyCode("USD"), let region = RegionCode(isoCountry: "US"),
      let privacy = WebURL("https://example.com/privacy")
    else { preconditionFailure("the default session configuration's literals are refused") }
    return SessionConfiguration(currency: currency, region: region, privacyPolicyURL: privacy)
  }()

  /// The contract's member names.
  private enum Key: String, JSONKey {
    case currency, region, privacyPolicyURL, websiteURL, storeName, deviceName
  }

  /// A configuration from its values, checked as the contract's JSON is.
  /// - Parameters:
  ///   - currency: an ISO 4217 code (`USD`).
  ///   - region: an ISO 3166-1 alpha-2 code in capitals (`US`).
  ///   - privacyPolicyURL: an absolute `https:` or `http:` URL with a valid host.
  ///   - websiteURL: an absolute `https:` URL with a valid host.
  ///   - storeName: not empty when given.
  ///   - deviceName: not empty when given.
  /// - Throws: ``DataErrors`` naming each refused value by its JSON member
  ///   (`$.privacyPolicyURL: the javascript: scheme is not allowed; use http: or https:`).
  public static func validated(
    currency: String, region: String, privacyPolicyURL: String,
    websiteURL: String? = nil, storeName: String? = nil, deviceName: String? = nil
  ) throws(DataErrors) -> SessionConfiguration {
    var members: [(key: String, value: JSONValue)] = [
      ("currency", .string(currency)), ("region", .string(region)), ("privacyPolicyURL", .string(privacyPolicyURL)),
    ]
    if let websiteURL { members.append(("websiteURL", .string(websiteURL))) }
    if let storeName { members.append(("storeName", .string(storeName))) }
    if let deviceName { members.append(("deviceName", .string(deviceName))) }
    return try SessionConfiguration(json: .object(members))
  }

  /// Parses, decodes and validates the contract's JSON (a `--config` file's bytes).
  /// - Throws: ``DataErrors`` listing every problem with its JSON path.
  public init(jsonUTF8: [UInt8]) throws(DataErrors) {
    try self.init(json: try JSONParser.parse(jsonUTF8))
  }

  /// Decodes and validates the contract's JSON.
  /// - Throws: ``DataErrors`` listing every problem with its JSON path.
  package init(json: JSONValue) throws(DataErrors) {
    var log = ProblemLog()
    guard let object = JSONObjectReader<Key>(json, at: .root, log: &log) else { throw DataErrors(log.problems) }

    var currency: CurrencyCode?
    if let (value, path) = object.required(.currency, log: &log), let code = value.string(at: path, log: &log) {
      currency = CurrencyCode(code)
      if currency == nil {
        log.add(path, "\(Echo.quoted(code)) is not an ISO 4217 currency code")
      }
    }
    var region: RegionCode?
    if let (value, path) = object.required(.region, log: &log), let code = value.string(at: path, log: &log) {
      region = RegionCode(isoCountry: code)
      if region == nil {
        log.add(path, "\(Echo.quoted(code)) is not an ISO 3166-1 alpha-2 region code")
      }
    }
    var privacy: WebURL?
    if let (value, path) = object.required(.privacyPolicyURL, log: &log), let url = value.string(at: path, log: &log) {
      privacy = Self.checkedURL(url, schemes: ["https", "http"], at: path, log: &log)
    }
    var website: WebURL?
    if let (value, path) = object.optional(.websiteURL), let url = value.string(at: path, log: &log) {
      website = Self.checkedURL(url, schemes: ["https"], at: path, log: &log)
    }
    let storeName = object.optional(.storeName).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let deviceName = object.optional(.deviceName).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }

    try log.check()
    guard let currency, let region, let privacy else { throw DataErrors(log.problems) }
    self.init(
      currency: currency, region: region, privacyPolicyURL: privacy,
      websiteURL: website, storeName: storeName, deviceName: deviceName)
  }

  /// The URL as given when ``WebURL`` accepts it with one of `schemes`; nil with a
  /// problem logged otherwise (`javascript:`, `data:`, relative references, no host).
  private static func checkedURL(_ text: String, schemes: Set<String>, at path: JSONPath, log: inout ProblemLog)
    -> WebURL?
  {
    let allowed = schemes.sorted().map { "\($0):" }.joined(separator: " or ")
    let problem: WebURL.Problem
    do throws(WebURL.Problem) {
      return try WebURL(text, schemes: schemes)
    } catch {
      problem = error
    }
    switch problem {
    case .notAbsolute:
      log.add(path, "\(Echo.quoted(text)) is not an absolute URL")
    case .scheme(let scheme):
      log.add(path, "the \(Echo.literal(scheme)): scheme is not allowed; use \(allowed)")
    case .character(let bad):
      let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
      log.add(path, "\(Echo.quoted(text)) holds a character a URL may not hold unescaped (\(code))")
    case .credentials:
      log.add(path, "\(Echo.quoted(text)) holds a user name or password; a link must show where it goes")
    case .host:
      log.add(path, "\(Echo.quoted(text)) is not an absolute \(allowed) URL with a valid host")
    case .port:
      log.add(path, "\(Echo.quoted(text)) has a port outside 0–65535")
    }
    return nil
  }
}
