/// Everything a screen needs besides its own data: the session, the locale and its UI
/// strings. Passed explicitly; library code never reads the process's current locale.
public struct RenderContext: Sendable {
  public let configuration: SessionConfiguration
  public let locale: RenderLocale
  public let strings: StringTable
  /// Set by a server that serves the page live; nil for a self-contained page.
  public var host: PageHost?

  public init(configuration: SessionConfiguration, locale: RenderLocale, strings: UIStrings = .bundled) {
    self.configuration = configuration
    self.locale = locale
    self.strings = strings.table(locale.stringsLanguage)
  }

  /// A context for a `--locale` tag (or English), the usual case in tests.
  public init(configuration: SessionConfiguration = .default, localeTag: String?) {
    let tag = localeTag.flatMap(LanguageTag.init)
    self.init(
      configuration: configuration,
      locale: RenderLocale(
        explicit: tag, acceptLanguage: nil, region: configuration.region, available: UIStrings.bundled.languages))
  }
}
