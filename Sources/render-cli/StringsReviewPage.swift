import Foundation
import RenderCore
import ServedAssets
import StringCatalog

/// The page of `render-cli strings review` (``StringsReviewServer``), written through
/// ``HTMLWriter``: the translations and comments are the catalog's text, escaped where
/// they are written. One form per string, posted as it is (the page works without its
/// script): a labelled field per value (one per plural form the catalog has), the
/// review state, and the string's English, comment and screens beside it; a frame shows
/// the chosen screen, rendered from the catalog as it is now.
struct StringsReviewPage {
  /// What the last save did, said at the top of the page.
  enum Notice: Equatable {
    case saved(String)
    case unchanged(String)
  }

  /// An edit `strings import`'s checks refused: its typed values stay in the fields,
  /// its problems are listed at the top and beside its string.
  struct Refusal {
    var edit: StringsReviewServer.Edit
    var problems: [String]
  }

  var tag: String
  var catalogPath: String
  var catalog: StringCatalogFile
  var english: StringCatalogFile
  var screens: StringsReviewScreens
  var token: String
  /// The key whose first screen the frame shows.
  var focus: String?
  var notice: Notice?
  var refused: Refusal?

  /// The review states offered, as XLIFF names them (what `strings import` reads), and
  /// how the page labels them.
  static let states: [(xliff: String, label: String)] = [
    ("translated", "translated (approved by a native speaker)"),
    ("needs-review-translation", "needs review"),
    ("new", "new"),
    ("needs-translation", "stale (the English changed)"),
  ]

  /// The `id` of a key's section (keys are letters, digits and dots).
  static func id(_ key: String) -> String { "s-" + key }

  /// The catalog's keys with a value in the language, sorted by their bytes.
  var keys: [String] {
    catalog.strings.keys.filter { catalog.strings[$0]?.localizations?[tag] != nil }
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  func html() -> [UInt8] {
    let keys = keys
    let shownKey =
      focus.flatMap { key in screens.places[key]?.isEmpty == false ? key : nil }
      ?? keys.first { screens.places[$0]?.isEmpty == false }
    let firstPlace = shownKey.flatMap { screens.places[$0]?.first }
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>\n"))
    html.element("html", [.init("lang", "en")]) { html in
      html.toolPageHead(
        title: "Review of \(tag): \(catalogPath)", style: StringsReviewAssets.style, scriptPath: "/review.js",
        integrity: StringsReviewAssets.scriptIntegrity)
      html.element("body") { body in
        body.element("main") { main in
          main.element("h1", text: "Review of \(tag): \(catalogPath)")
          main.element(
            "p", [.init("class", "note")],
            text:
              "Each string is saved to \(catalogPath) through the checks of render-cli strings import; nothing is written when one fails. The screens beside are rendered from that file as it is now. The engine's built-in strings (serve, snapshot, preview) change only when you run scripts/embed-data."
          )
          if tag.contains("-") {
            main.element(
              "p", [.init("class", "note")],
              text:
                "\(tag) is a regional variant: it holds only the strings that differ from its parent; the others are the parent's (locales/README.md says how to add one)."
            )
          }
          noticeAndProblems(into: &main)
          main.element("div", [.init("class", "layout")]) { layout in
            layout.element("section", [.init("aria-label", "Strings")]) { section in
              for key in keys { string(key, into: &section) }
            }
            layout.element("section", [.init("class", "viewer"), .init("aria-label", "Screen")]) { viewer in
              var attributes: [HTMLWriter.Attribute] = [
                .init("id", "screen"), .init("name", "screen"), .init("title", "The screen in \(tag)"),
              ]
              if let firstPlace, let shownKey {
                attributes.append(.init("src", firstPlace.path))
                attributes.append(.init("data-mark", String(StringMarkers.keysByIndex.firstIndex(of: shownKey) ?? -1)))
              }
              viewer.element("iframe", attributes)
            }
          }
        }
      }
    }
    html.newline()
    return html.bytes
  }

  private func noticeAndProblems(into html: inout HTMLWriter) {
    let name = URL(fileURLWithPath: catalogPath).lastPathComponent
    switch notice {
    case .saved(let key):
      html.element(
        "p", [.init("class", "good"), .init("role", "status")],
        text: "Saved \u{201C}\(key)\u{201D} to \(name). Run scripts/embed-data to build it into the engine.")
    case .unchanged(let key):
      html.element(
        "p", [.init("class", "note"), .init("role", "status")], text: "\u{201C}\(key)\u{201D}: \(name) unchanged.")
    case nil:
      break
    }
    if let refused {
      html.element(
        "section", [.init("class", "problems"), .init("role", "alert"), .init("aria-labelledby", "problems-title")]
      ) { section in
        section.element(
          "h2", [.init("id", "problems-title"), .init("class", "bad")], text: "Not saved: nothing was written")
        section.element("ul") { list in
          for line in refused.problems { list.element("li", text: line) }
        }
      }
    }
  }

  private func string(_ key: String, into html: inout HTMLWriter) {
    guard let entry = catalog.strings[key], let localization = entry.localizations?[tag] else { return }
    let englishLocalization = english.strings[key]?.localizations?["en"]
    let id = Self.id(key)
    let refusal = refused?.edit.key == key ? refused : nil
    html.element("article", [.init("id", id), .init("class", "string"), .init("aria-labelledby", "\(id)-title")]) {
      article in
      article.element("h2", [.init("id", "\(id)-title")], text: key)
      // The units as `strings export` gives them: one per plural form the catalog has.
      var units: [(category: String, value: String, state: String?, source: String)] = []
      if let plural = localization.variations?.plural {
        for category in pluralCategories {
          guard let unit = plural[category]?.stringUnit else { continue }
          let source = XLIFFExport.source(englishLocalization, category: category) ?? ""
          units.append((category, unit.value, unit.state, source))
        }
      } else if let unit = localization.stringUnit {
        units.append(("", unit.value, unit.state, XLIFFExport.source(englishLocalization, category: nil) ?? ""))
      }
      article.element("dl") { list in
        for unit in units {
          list.element("dt", text: unit.category.isEmpty ? "English" : "English (\(unit.category))")
          list.element("dd", [.init("lang", "en"), .init("dir", "auto")], text: unit.source)
        }
        list.element("dt", text: "Comment")
        list.element("dd", text: entry.comment ?? "")
      }
      article.element("form", [.init("method", "post"), .init("action", "/strings")]) { form in
        form.void("input", [.init("type", "hidden"), .init("name", "token"), .init("value", token)])
        form.void("input", [.init("type", "hidden"), .init("name", "key"), .init("value", key)])
        for unit in units {
          let suffix = unit.category.isEmpty ? "" : "." + unit.category
          let field = "\(id)-value\(suffix)"
          let typed = refusal?.edit.values[unit.category] ?? unit.value
          form.element("div", [.init("class", "field")]) { div in
            div.element(
              "label", [.init("for", field)],
              text: unit.category.isEmpty
                ? "Translation (\(tag))" : "Translation (\(tag), plural form \(unit.category))")
            var attributes: [HTMLWriter.Attribute] = [
              .init("id", field), .init("type", "text"), .init("name", "value" + suffix), .init("value", typed),
              .init("lang", tag), .init("dir", "auto"), .init("autocomplete", "off"),
            ]
            if refusal != nil {
              attributes.append(.init("aria-invalid", "true"))
              attributes.append(.init("aria-describedby", "\(id)-problems"))
            }
            div.void("input", attributes)
          }
          form.void("input", [.init("type", "hidden"), .init("name", "source" + suffix), .init("value", unit.source)])
        }
        let current = units.last?.state.flatMap { state in
          XLIFFExport.states.first { $0.catalog.rawValue == state }?.xliff
        }
        let chosen = refusal?.edit.state ?? current
        form.element("div", [.init("class", "field")]) { div in
          div.element("label", [.init("for", "\(id)-state")], text: "Review state")
          div.element("select", [.init("id", "\(id)-state"), .init("name", "state")]) { select in
            for state in Self.states {
              var attributes: [HTMLWriter.Attribute] = [.init("value", state.xliff)]
              if state.xliff == chosen { attributes.append(.init(flag: "selected")) }
              select.element("option", attributes, text: state.label)
            }
          }
        }
        if let refusal {
          form.element("ul", [.init("id", "\(id)-problems"), .init("class", "bad")]) { list in
            for line in refusal.problems { list.element("li", text: line) }
          }
        }
        form.element("button", [.init("type", "submit"), .init("aria-describedby", "\(id)-title")], text: "Save")
      }
      let places = screens.places[key] ?? []
      if places.isEmpty {
        article.element("p", [.init("class", "note")], text: "Shown on none of the example screens.")
      } else {
        article.element("p", [.init("id", "\(id)-screens"), .init("class", "note")], text: "Shown on:")
        article.element("ul", [.init("class", "screens"), .init("aria-labelledby", "\(id)-screens")]) { list in
          let mark = String(StringMarkers.keysByIndex.firstIndex(of: key) ?? -1)
          for place in places {
            list.element("li") { item in
              item.element(
                "a", [.init("href", place.path), .init("target", "screen"), .init("data-mark", mark)],
                text: place.title)
            }
          }
        }
      }
    }
  }
}
