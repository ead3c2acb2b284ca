import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import FormRender

/// Every request the contract defines renders in every language of `locales/`, in
/// HTML and text, with every string translated.
@Suite struct FormLocalizationTests {
  static let languages = UIStrings.bundled.languages

  /// One request of each kind and purpose, with everything a form can show.
  static var requests: [FormRequest] {
    var requests: [FormRequest] = []
    for kind in FormRequest.Kind.allCases {
      let purposes: [RequestPurpose?] =
        kind == .signup ? RequestPurpose.purposes(of: kind) : [nil] + RequestPurpose.purposes(of: kind)
      for purpose in purposes {
        requests.append(
          FormRequest(
            kind: kind, purpose: purpose, fields: [.emailAddress, .phoneNumber], message: "Hello",
            emailConsent: kind == .signup ? .visible : .hidden, smsConsent: kind == .signup ? .preSelected : .hidden,
            termsAndConditions: kind == .signup ? "**Terms**" : nil))
      }
    }
    return requests
  }

  /// Form strings that may read the same as English in a language (cognates and
  /// international words), by `language:key`.
  static let sameAsEnglish: Set<String> = [
    "es:form.errors.pageTitle", "es:form.error.prefix", "de:form.field.optional", "fr:form.field.province",
    "es-419:form.errors.pageTitle", "es-419:form.error.prefix", "ca:form.errors.pageTitle", "ca:form.error.prefix",
    "fr-CA:form.field.province", "nl:form.field.postcode",
  ]

  @Test(arguments: languages)
  func everyRequestRendersWithoutAnUntranslatedKey(_ language: String) throws {
    let context = try Fixtures.context(language)
    let error = [FieldError(field: .emailAddress, message: "x")]
    for request in Self.requests {
      for region in ["US", "GB", "JP", "SG"] {
        let regional = RenderContext(configuration: try Fixtures.session(region: region), localeTag: language)
        let outputs = [
          FormHTML.render(request, context: regional), FormText.render(request, context: regional),
          FormHTML.render(request, context: context, state: FormState(errors: error)),
          FormText.render(request, context: context, state: FormState(errors: error)),
        ]
        for output in outputs {
          for key in UIStringKey.allCases where key.rawValue.hasPrefix("form.") {
            #expect(!output.contains(key.rawValue), "\(language): \(key.rawValue) shown as a key")
          }
        }
      }
    }
  }

  /// English variants (`en-GB`) rightly share most of English's words.
  @Test(arguments: languages.filter { !$0.hasPrefix("en") || $0 == "en-XA" })
  func formStringsAreTranslated(_ language: String) throws {
    let english = UIStrings.bundled.table("en")
    let table = UIStrings.bundled.table(language)
    for key in UIStringKey.allCases where key.rawValue.hasPrefix("form.") {
      if Self.sameAsEnglish.contains("\(language):\(key.rawValue)") { continue }
      #expect(table(key, "A", "B") != english(key, "A", "B"), "\(language): \(key.rawValue) is the English text")
    }
  }
}
