import RenderCore

/// One screen a previewed file shows: its id in the preview's addresses (`cart`,
/// `update`, `form`, `errors`, `step-3`) and its name in the controls.
package struct PreviewVariant: Sendable, Equatable {
  package var id: String
  package var title: String

  package init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// The session a preview renders in: the configuration (`--config`, or a transcript's
/// own) with the controls' region and currency, each checked as the contract checks a
/// configuration, and the locale the screen is shown in.
package struct PreviewSession: Sendable {
  /// The locale of the page (and of the messages a form's errors carry); nil for the
  /// contract's default.
  package var locale: LanguageTag?
  /// The region the controls ask for; nil keeps the configuration's.
  package var region: String?
  /// The currency the controls ask for; nil keeps the configuration's.
  package var currency: String?

  package init(locale: LanguageTag? = nil, region: String? = nil, currency: String? = nil) {
    self.locale = locale
    self.region = region
    self.currency = currency
  }

  /// `configuration` with this region and currency.
  /// - Throws: the problems of a region or currency the contract refuses, by JSON path.
  package func applied(to configuration: SessionConfiguration) throws(DataErrors) -> SessionConfiguration {
    guard region != nil || currency != nil else { return configuration }
    return try SessionConfiguration.validated(
      currency: currency ?? configuration.currency.rawValue, region: region ?? configuration.region.rawValue,
      privacyPolicyURL: configuration.privacyPolicyURL.rawValue, websiteURL: configuration.websiteURL?.rawValue,
      storeName: configuration.storeName, deviceName: configuration.deviceName)
  }
}

/// Makes the screens of one previewed file, as last read without error. It is the
/// command's reading of the file (the same decoding as `render-cli cart`, `form`,
/// `status` and `replay`), kept out of the server.
package protocol PreviewRenderer: Sendable {
  /// The screens the file holds, in the controls' order.
  var variants: [PreviewVariant] { get }
  /// Screen `variant` in `session` over the preview's `configuration` (or a transcript's
  /// own), with the configuration it renders in.
  /// - Throws: the lines the command line would print (`FILE: $.path: message`); an
  ///   unknown variant is a problem too.
  func screen(
    _ variant: String, configuration: SessionConfiguration, session: PreviewSession
  ) throws(PreviewProblem) -> PreviewScreen
  /// `parse`'s answer to a post of `body` to `variant`, in `context` (the messages'
  /// language); nil when the screen is no form.
  func answer(_ body: [UInt8], to variant: String, context: RenderContext) -> PreviewAnswer?
}

/// A screen and the session it renders in.
package struct PreviewScreen: Sendable {
  package var screen: any Screen
  package var configuration: SessionConfiguration

  package init(_ screen: any Screen, configuration: SessionConfiguration) {
    self.screen = screen
    self.configuration = configuration
  }
}

/// What `parse` gives for a post: the text it prints, and the form again with every
/// value as typed and each error beside its field when the customer must correct one.
package struct PreviewAnswer: Sendable {
  package var text: String
  package var form: (any Screen)?

  package init(text: String, form: (any Screen)?) {
    self.text = text
    self.form = form
  }
}

/// Lines the command line prints for a file it cannot render (`FILE: $.path: message`).
package struct PreviewProblem: Error, Sendable, Equatable {
  package var lines: [String]

  package init(_ lines: [String]) { self.lines = lines }
}

/// One previewed file as last read: its name, its kind, the problems of its current
/// bytes and the renderer of its last good reading.
package struct PreviewFile: Sendable {
  /// The path as given on the command line.
  package var label: String
  /// `cart`, `form request`, `status` or `session transcript`.
  package var kind: String
  /// The current bytes' problems, as the command line prints them; empty when they read.
  package var problems: [String]
  /// The last reading without problems; nil until the file first reads.
  package var renderer: (any PreviewRenderer)?

  package init(label: String, kind: String, problems: [String], renderer: (any PreviewRenderer)?) {
    self.label = label
    self.kind = kind
    self.problems = problems
    self.renderer = renderer
  }
}
