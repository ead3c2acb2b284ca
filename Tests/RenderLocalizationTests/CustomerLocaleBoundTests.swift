import Testing

@testable import RenderCore
@testable import RenderLocalization

/// A customer's `Accept-Language` reaches Foundation only as a tag from a bounded set:
/// Foundation keeps every `Locale` it was asked for until the process ends.
@Suite struct CustomerLocaleBoundTests {
  func formatting(_ accept: String) -> String {
    RenderLocale(explicit: nil, acceptLanguage: accept, region: "US", available: UIStrings.bundled.languages)
      .formattingTag.description
  }

  @Test(arguments: [
    ("zh-TW", "zh-TW"), ("zh-Hant-TW", "zh-Hant-TW"), ("de-CH-u-nu-latn", "de-CH-u-nu-latn"), ("es-419", "es-419"),
    ("en-XA", "en-XA"), ("ar-EG", "ar-EG"), ("sr-Latn", "en-US"), ("en-Latn-GB", "en-Latn-GB"), ("fr", "fr-US"),
  ])
  func tagsCLDRKnowsAreKept(_ accept: String, _ expected: String) {
    #expect(formatting(accept) == expected)
  }

  @Test(arguments: [
    ("en-Qaaa-AA", "en-US"), ("en-Cyrl-GB", "en-US"), ("es-123", "es-US"), ("en-Zzzz-AU", "en-AU"),
    ("en-GB-oxendict", "en-GB"),
    ("en-US-x-private", "en-US"), ("de-CH-u-nu-zzzz", "de-CH"), ("de-CH-u-ca-buddhist", "de-CH"),
    ("ja-JP-u-nu-latn-x-a", "ja-JP-u-nu-latn"), ("en-US-x-u-nu-arab", "en-US"), ("iw-IL", "he-IL"),
  ])
  func whatCLDRDoesNotKnowIsLeftOut(_ accept: String, _ expected: String) {
    #expect(formatting(accept) == expected)
  }

  @Test func everNewTagsGiveTheSameFewLocales() {
    var seen = Set<String>()
    for index in 0..<2_000 {
      seen.insert(formatting("en-US-x-a\(index), en;q=0.5"))
      seen.insert(formatting("fr-Zz\(String(index % 100, radix: 36))-\(index % 1000)"))
    }
    #expect(seen.count <= 4)
  }
}
