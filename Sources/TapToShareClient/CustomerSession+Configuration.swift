import Foundation

extension CustomerSession {
  /// What the customer sees of the store when they connect, and how amounts are shown:
  /// the seeds' `CustomerSessionConfiguration` (the contract's session configuration).
  /// The relay checks it (a current ISO 4217 currency, an ISO 3166-1 region, links that
  /// read as where they go) and refuses a bad one as
  /// ``CustomerSessionError/invalidRequest(problems:)`` naming its path (`$.currency: …`).
  public struct Configuration: Sendable, Hashable {
    /// The session's currency, an ISO 4217 code in upper case (`USD`, `JPY`, `KWD`): every
    /// amount is in its whole units.
    public var currency: Locale.Currency
    /// The store's region, ISO 3166-1 alpha-2 (`US`): it fills in a customer locale's
    /// missing region and lays address forms out.
    public var region: Locale.Region
    /// The store's privacy policy, an absolute `https:` (or `http:`) URL, linked on the
    /// customer's screen.
    public var privacyPolicyURL: URL
    /// The store's name, shown when the customer connects.
    public var storeName: String?
    /// The device's or the salesperson's name, shown when the customer connects.
    public var deviceName: String?
    /// The store's website, an absolute `https:` URL, shown with the store's details.
    public var websiteURL: URL?

    /// The configuration of the seeds' example: `currency: Locale.Currency("USD"), region:
    /// .unitedStates, privacyPolicyURL: …, storeName: "Oakbrook Mall", deviceName: "Emily"`.
    public init(
      currency: Locale.Currency, region: Locale.Region, privacyPolicyURL: URL, storeName: String? = nil,
      deviceName: String? = nil, websiteURL: URL? = nil
    ) {
      self.currency = currency
      self.region = region
      self.privacyPolicyURL = privacyPolicyURL
      self.storeName = storeName
      self.deviceName = deviceName
      self.websiteURL = websiteURL
    }

    /// The contract's configuration JSON; absent names and links left out (never `null`).
    var json: JSONText {
      var members: [(String, JSONText)] = [
        ("currency", .string(currency.identifier)), ("region", .string(region.identifier)),
        ("privacyPolicyURL", .string(privacyPolicyURL.absoluteString)),
      ]
      if let websiteURL { members.append(("websiteURL", .string(websiteURL.absoluteString))) }
      if let storeName { members.append(("storeName", .string(storeName))) }
      if let deviceName { members.append(("deviceName", .string(deviceName))) }
      return .object(members)
    }
  }
}
