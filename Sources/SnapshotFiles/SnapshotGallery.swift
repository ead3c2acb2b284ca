import Foundation
import RenderCore

/// One self-contained page showing every rendering of a run side by side, so a person
/// can look at every locale at once: per subject, one panel per locale, named above
/// it, holding the HTML page in a sandboxed `srcdoc` frame at phone width and the text
/// in a `<pre>`; a panel whose files differ (or are missing) is marked in words and colour.
///
/// Written with ``HTMLWriter`` like every page: the renderings are attribute values and
/// text, escaped there. The page loads nothing and runs nothing.
package enum SnapshotGallery {
  /// The width of each frame, in CSS px: a common phone's layout viewport.
  package static let frameWidth = 360
  /// The height of each frame, in CSS px.
  package static let frameHeight = 640

  /// The gallery of `results` (as ``SnapshotSet/verify(in:displayDirectory:mode:)``
  /// returns them). `title` names the run, e.g. the snapshot folder.
  package static func page(_ results: [SnapshotResult], images: [Image] = [], title: String) -> String {
    let summary = SnapshotSummary(outcomes: results.map(\.outcome) + images.map(\.outcome))
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>"))
    html.newline()
    html.element("html", [.init("lang", "en"), .init("dir", "ltr")]) { html in
      html.newline()
      html.element("head") { head in
        head.void("meta", [.init("charset", "utf-8")])
        head.newline()
        head.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")])
        head.newline()
        head.void("meta", [.init("name", "color-scheme"), .init("content", "light dark")])
        head.newline()
        head.void(
          "meta",
          [
            .init("http-equiv", ContentSecurityPolicyField.name),
            .init(
              "content",
              "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"),
          ])
        head.newline()
        head.element("title", text: "Snapshots of \(title): \(summary.line)")
        head.newline()
        head.element("style") { $0.raw(style) }
        head.newline()
      }
      html.newline()
      html.element("body") { body in
        body.newline()
        body.element("main") { main in
          main.element("h1") {
            $0.text("Snapshots of ")
            $0.isolated(title)
          }
          main.newline()
          main.element("p", [.init("class", summary.differing > 0 ? "summary differs" : "summary")], text: summary.line)
          main.newline()
          for (index, subject) in grouped(results).enumerated() {
            section(subject, id: "subject-\(index + 1)", into: &main)
          }
          var subjects: [String] = []
          for image in images where !subjects.contains(image.subject) { subjects.append(image.subject) }
          for (index, subject) in subjects.enumerated() {
            pixelSection(subject, images.filter { $0.subject == subject }, id: "pixels-\(index + 1)", into: &main)
          }
        }
        body.newline()
      }
      html.newline()
    }
    html.newline()
    return html.output
  }

  /// A pixel snapshot to show: the capture, as a PNG file, and how it compared.
  package struct Image: Sendable {
    package var subject: String
    /// `de-DE 320 px dark`.
    package var caption: String
    package var file: SnapshotFile
    package var outcome: SnapshotOutcome
    package var png: [UInt8]
    /// Width in CSS px.
    package var width: Int
    /// For a capture that differs: the golden PNG, when there is one to show.
    package var golden: [UInt8]?
    /// For a capture that differs: the diff image (changed pixels in red).
    package var diff: [UInt8]?

    package init(
      subject: String, caption: String, file: SnapshotFile, outcome: SnapshotOutcome, png: [UInt8], width: Int,
      golden: [UInt8]? = nil, diff: [UInt8]? = nil
    ) {
      self.subject = subject
      self.caption = caption
      self.file = file
      self.outcome = outcome
      self.png = png
      self.width = width
      self.golden = golden
      self.diff = diff
    }
  }

  /// One subject's captures, one panel each, the image inline as a `data:` URL.
  private static func pixelSection(_ subject: String, _ images: [Image], id: String, into html: inout HTMLWriter) {
    html.element("section", [.init("aria-labelledby", id)]) { section in
      section.newline()
      section.element("h2", [.init("id", id)]) {
        $0.isolated(subject)
        $0.text(": pixels")
      }
      section.newline()
      section.element("ul", [.init("class", "panels")]) { list in
        list.newline()
        for image in images {
          list.element("li", [.init("class", image.outcome.isMismatch ? "panel differs" : "panel")]) { item in
            item.element("h3", text: image.caption)
            item.element("p", [.init("class", image.outcome.isMismatch ? "verdict differs" : "verdict")]) {
              $0.text(verdict(image.outcome) + ": ")
              $0.element("code", text: image.file.displayPath)
            }
            let width = "\(min(image.width, frameWidth))"
            func picture(_ html: inout HTMLWriter, _ png: [UInt8], alt: String) {
              html.void(
                "img",
                [
                  .init("src", "data:image/png;base64," + Data(png).base64EncodedString()), .init("alt", alt),
                  .init("width", width),
                ])
            }
            if image.golden == nil && image.diff == nil {
              picture(&item, image.png, alt: "\(subject), \(image.caption)")
            } else {
              // A capture that differs: the new one, then the golden one and the diff.
              for (label, png) in [
                ("New", image.png), ("Golden", image.golden), ("Diff (changed pixels in red)", image.diff),
              ] {
                guard let png else { continue }
                item.element("figure") { figure in
                  figure.element("figcaption", text: label)
                  picture(&figure, png, alt: "\(subject), \(image.caption): \(label.lowercased())")
                }
              }
            }
          }
          list.newline()
        }
      }
      section.newline()
    }
    html.newline()
  }

  /// One subject's results, locale by locale, in the run's order.
  private struct Subject {
    var name: String
    var locales: [[SnapshotResult]]
  }

  private static func grouped(_ results: [SnapshotResult]) -> [Subject] {
    var subjects: [Subject] = []
    for result in results {
      if subjects.last?.name != result.subject {
        subjects.append(Subject(name: result.subject, locales: []))
      }
      let last = subjects.count - 1
      if subjects[last].locales.last?.first?.localeTag == result.localeTag {
        subjects[last].locales[subjects[last].locales.count - 1].append(result)
      } else {
        subjects[last].locales.append([result])
      }
    }
    return subjects
  }

  private static func section(_ subject: Subject, id: String, into html: inout HTMLWriter) {
    html.element("section", [.init("aria-labelledby", id)]) { section in
      section.newline()
      section.element("h2", [.init("id", id)]) { $0.isolated(subject.name) }
      section.newline()
      section.element("ul", [.init("class", "panels")]) { list in
        list.newline()
        for results in subject.locales {
          panel(results, subject: subject.name, into: &list)
        }
      }
      section.newline()
    }
    html.newline()
  }

  private static func panel(_ results: [SnapshotResult], subject: String, into html: inout HTMLWriter) {
    guard let first = results.first else { return }
    let tag = first.localeTag
    let differs = results.contains { $0.outcome.isMismatch }
    html.element("li", [.init("class", differs ? "panel differs" : "panel")]) { item in
      item.newline()
      item.element("h3") { heading in
        heading.text(tag)
        if let name = Locale(identifier: "en").localizedString(forIdentifier: tag) {
          heading.text(" ")
          heading.element("span", [.init("class", "language")], text: name)
        }
      }
      item.newline()
      for result in results {
        item.element("p", [.init("class", result.outcome.isMismatch ? "verdict differs" : "verdict")]) {
          $0.text(verdict(result.outcome) + ": ")
          $0.element("code", text: result.file.displayPath)
        }
        item.newline()
      }
      for result in results {
        switch result.format {
        case .html:
          item.element(
            "iframe",
            [
              .init("title", "\(subject) in \(tag)"), .init(flag: "sandbox"), .init("srcdoc", result.rendering),
              .init("width", "\(frameWidth)"), .init("height", "\(frameHeight)"),
            ])
        case .text:
          item.element(
            "pre",
            [.init("lang", result.locale.htmlLanguage), .init("dir", result.locale.isRightToLeft ? "rtl" : "ltr")],
            text: result.rendering)
        case .spoken:
          // The tree's lines start with ARIA's English roles and indent from the left.
          item.element(
            "pre", [.init("lang", result.locale.htmlLanguage), .init("dir", "ltr")], text: result.rendering)
        }
        item.newline()
      }
    }
    html.newline()
  }

  /// The outcome in words, so a mismatch is never shown by colour alone.
  private static func verdict(_ outcome: SnapshotOutcome) -> String {
    switch outcome {
    case .matched: "✓ matches"
    case .recorded: "● recorded"
    case .missing: "✗ missing"
    case .differs: "✗ differs"
    case .notWritten: "✗ not written"
    }
  }

  private static let style = TrustedHTML(
    literal: """
      body{margin:0;font:16px/1.4 system-ui,sans-serif;background:Canvas;color:CanvasText}\
      main{padding:16px}\
      h1{font-size:1.5rem;margin:0 0 8px}\
      h2{font-size:1.25rem;margin:24px 0 8px}\
      .summary{font-weight:600}\
      .panels{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\
      .panel{width:360px;border:2px solid GrayText;border-radius:8px;padding:8px}\
      .panel.differs{border:4px solid #c5221f;padding:6px}\
      h3{font-size:1rem;margin:0}\
      .language{font-weight:400}\
      .verdict{margin:4px 0;font-size:.875rem;overflow-wrap:anywhere}\
      .verdict.differs{color:#c5221f;font-weight:700}\
      @media (prefers-color-scheme:dark){.verdict.differs{color:#ff8a80}.panel.differs{border-color:#ff8a80}}\
      iframe{display:block;box-sizing:border-box;width:360px;height:640px;border:1px solid GrayText;background:#fff}\
      img{display:block;max-width:100%;height:auto;margin-top:8px;border:1px solid GrayText}\
      figure{margin:8px 0 0}figcaption{font-size:.875rem;font-weight:600}\
      pre{font:13px/1.3 ui-monospace,monospace;overflow-x:auto;margin:8px 0 0;padding:8px;border:1px solid GrayText}
      """)
}
