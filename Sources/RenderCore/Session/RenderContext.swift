import RenderLocalization

/// Everything a screen needs besides its own data: the session, the locale and its UI
/// strings. Passed explicitly; library code never reads the process's current locale.
///
/// Made from a session's configuration and either a locale tag (`--locale`) or an
/// `Accept-Language` header: the strings come from the best matching catalog (English
/// when none matches), amounts and numbers are formatted for the tag with the session's
/// region filled in (`es` at a `US` store is `es-US`).
public struct RenderContext: Sendable {
  /// The session the screens are rendered for.
  public let configuration: SessionConfiguration
  package let locale: RenderLocale
  package let strings: StringTable
  /// Set by a server that serves the page live; nil for a self-contained page.
  package var host: PageHost?

  package init(configuration: SessionConfiguration, locale: RenderLocale, strings: UIStrings = .bundled) {
    self.configuration = configuration
    self.locale = locale
    self.strings = strings.table(locale.stringsLanguage)
  }

  /// The contract's locale rule in one place: an explicit tag wins over an
  /// `Accept-Language` value; with neither, English with the session's region.
  /// - Parameters:
  ///   - tag: a `--locale` tag, already validated.
  ///   - acceptLanguage: an `Accept-Language` header value.
  ///   - strings: the UI strings (those embedded in the library, or a test's).
  package init(
    configuration: SessionConfiguration, tag: LanguageTag?, acceptLanguage: String?, strings: UIStrings = .bundled
  ) {
    self.init(
      configuration: configuration,
      locale: RenderLocale(
        explicit: tag, acceptLanguage: acceptLanguage, region: configuration.region.rawValue,
        available: strings.languages),
      strings: strings)
  }

  /// A context for a BCP 47 locale tag (`fr-CA`, `ja`); a tag without a region takes
  /// the session's, and nil (or text that is not a BCP 47 tag) stands for English.
  /// - Parameters:
  ///   - configuration: the session (currency, region, names, links).
  ///   - localeTag: a BCP 47 tag such as `--locale` takes.
  public init(configuration: SessionConfiguration = .default, localeTag: String?) {
    self.init(configuration: configuration, tag: localeTag.flatMap(LanguageTag.init), acceptLanguage: nil)
  }

  /// A context for what a browser asks for: the most preferred language of an
  /// `Accept-Language` header (`fr-CH, fr;q=0.9, en;q=0.8`) that has UI strings, else
  /// English; malformed ranges, `*` and `q=0` are skipped.
  /// - Parameters:
  ///   - configuration: the session (currency, region, names, links).
  ///   - acceptLanguage: the header's value; nil stands for English.
  public init(configuration: SessionConfiguration = .default, acceptLanguage: String?) {
    self.init(configuration: configuration, tag: nil, acceptLanguage: acceptLanguage)
  }
}
