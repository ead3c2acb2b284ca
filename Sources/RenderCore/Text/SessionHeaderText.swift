import RenderText

/// The session header in plain text: store name, "Connected to …", the links.
package enum SessionHeaderText {
  package static func lines(context: RenderContext, layout: TextLayout) -> [String] {
    let configuration = context.configuration
    let strings = context.strings
    var lines: [String] = []
    if let store = configuration.storeName { lines += layout.wrap(store) }
    if let device = configuration.deviceName { lines += layout.wrap(strings(.headerConnectedTo, device)) }
    if let website = configuration.websiteURL {
      lines += layout.link(strings.filled(.textLink, strings(.headerWebsite), website.rawValue))
    }
    lines += layout.link(
      strings.filled(.textLink, strings(.headerPrivacyPolicy), configuration.privacyPolicyURL.rawValue))
    return lines
  }
}

extension String {
  /// Without spaces at the end, so no text output line ends in invisible characters.
  package func trimmingTrailingWhitespace() -> String { trimmingTrailingSpaces() }
}
