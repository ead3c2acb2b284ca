import RenderCore

/// The example screens of `strings review` (those `strings export --screenshots` captures,
/// ``StringsScreenshots/shots(_:strings:)``) and, for each string key, the screens that
/// show it: found once, when the review starts, from the marks of each screen rendered
/// with marked strings (``StringMarkers``) as a page, as text and as what a screen reader
/// reads. A key is listed on the pages that show it; only a key no page shows is listed
/// on the texts or spoken forms that do.
struct StringsReviewScreens: Sendable {
  /// Where a string shows: a screen, and which rendering of it.
  struct Place: Equatable, Sendable {
    enum Form: String, Sendable, CaseIterable {
      case page, text, spoken
    }
    var screen: String
    var form: Form

    /// Its address on the review server.
    var path: String { form == .page ? "/screen/\(screen)" : "/screen/\(screen)/\(form.rawValue)" }
    /// How the page names it.
    var title: String { form == .page ? screen : "\(screen) (\(form.rawValue))" }
  }

  let shots: StringsScreenshots
  /// The screens' names, in the order captured.
  let names: [String]
  /// By key.
  let places: [String: [Place]]

  init(tag: String, shots: StringsScreenshots) throws {
    self.shots = shots
    var onPages: [String: [Place]] = [:]
    var elsewhere: [String: [Place]] = [:]
    var names: [String] = []
    for shot in try shots.shots(tag) {
      names.append(shot.name)
      let context = RenderContext(
        configuration: shot.configuration, tag: LanguageTag(tag), acceptLanguage: nil, strings: StringMarkers.marked)
      for form in Place.Form.allCases {
        let rendered: String
        switch form {
        case .page: rendered = shot.screen.render(.html, context: context)
        case .text: rendered = shot.screen.render(.text, context: context, width: OutputFormat.defaultTextWidth)
        case .spoken: rendered = shot.screen.render(.spoken, context: context)
        }
        let place = Place(screen: shot.name, form: form)
        for piece in StringMarkers.pieces(rendered) {
          guard case .start(let key) = piece else { continue }
          if form == .page {
            if onPages[key.rawValue]?.last != place { onPages[key.rawValue, default: []].append(place) }
          } else if !(elsewhere[key.rawValue]?.contains(place) ?? false) {
            elsewhere[key.rawValue, default: []].append(place)
          }
        }
      }
    }
    self.names = names
    places = onPages.merging(elsewhere) { pages, _ in pages }
  }
}
