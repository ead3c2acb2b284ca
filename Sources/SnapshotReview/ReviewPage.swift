import RenderCore
import ServedAssets

/// The page of `render-cli snapshot --review` (`GET /`): every file of the run that
/// differs or is new, grouped by screen, each with its golden file, its new rendering and
/// their diff side by side, and forms to accept or reject it, all of its screen, or all
/// of a locale. Every decision is a form post (the page works without its script, which
/// only drives the overlay sliders); each form carries the run's token.
///
/// Written with ``HTMLWriter``: file names, diffs and renderings are text and attribute
/// values, escaped there; the images are addresses of this server (`/image/N/new.png`).
enum ReviewPage {
  struct Model {
    var title: String
    var items: [ReviewItem]
    var decisions: [ReviewDecision]
    var token: String
    /// What the last decision did, shown in a live region.
    var message: String?
  }

  static func html(_ model: Model) -> [UInt8] {
    document(title: "Review snapshots: " + model.title, script: true) { main in
      main.element("h1") {
        $0.text("Review snapshots of ")
        $0.isolated(model.title)
      }
      main.newline()
      let pending = model.decisions.filter { $0 == .pending }.count
      main.element("p", [.init("id", "summary")], text: summaryLine(model, pending: pending))
      main.element("p", [.init("id", "message"), .init("class", "message"), .init("role", "status")]) {
        if let message = model.message { $0.text(message) }
      }
      main.newline()
      main.element("div", [.init("class", "bar")]) { bar in
        decisionForm(
          into: &bar, token: model.token, scope: "all", target: "", name: "every file", enabled: pending > 0)
        bar.element("form", [.init("method", "post"), .init("action", "/done")]) { form in
          form.void("input", [.init("type", "hidden"), .init("name", "token"), .init("value", model.token)])
          form.element("button", [.init("type", "submit"), .init("id", "done")], text: "Done: stop the review")
        }
      }
      main.newline()
      localeSection(model, into: &main)
      for (index, subject) in subjects(model.items).enumerated() {
        subjectSection(model, subject: subject, id: "screen-\(index + 1)", into: &main)
      }
    }
  }

  /// The page shown once the review is over.
  static func finished(_ line: String) -> [UInt8] {
    document(title: "Review over", script: false) { main in
      main.element("h1", text: "The review is over")
      main.element("p", [.init("role", "status")], text: line)
      main.element("p", text: "render-cli has stopped serving this page; you may close it.")
    }
  }

  /// A page of the review: its style, its script when `script`, and `main`'s content.
  private static func document(title: String, script: Bool, main content: (inout HTMLWriter) -> Void) -> [UInt8] {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>\n"))
    html.element("html", [.init("lang", "en"), .init("dir", "ltr")]) { html in
      html.element("head") { head in
        head.void("meta", [.init("charset", "utf-8")])
        head.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")])
        head.element("title", text: title)
        head.element("style") { $0.raw(TrustedHTML(literal: ReviewAssets.style)) }
        if script {
          head.element(
            "script",
            [.init("src", "/review.js"), .init("integrity", ReviewAssets.scriptIntegrity), .init(flag: "defer")])
        }
      }
      html.newline()
      html.element("body") { body in
        body.element("main", [], content)
        body.newline()
      }
      html.newline()
    }
    html.newline()
    return html.bytes
  }

  private static func summaryLine(_ model: Model, pending: Int) -> String {
    let new = model.items.filter { !$0.hasGolden && !$0.isGoldenRefused }.count
    let files = model.items.count == 1 ? "1 file" : "\(model.items.count) files"
    return "\(files) to review (\(model.items.count - new) differ, \(new) new); \(pending) not decided yet. "
      + "Accepting writes the golden file; rejecting leaves it as it is."
  }

  private static func subjects(_ items: [ReviewItem]) -> [String] {
    var names: [String] = []
    for item in items where !names.contains(item.subject) { names.append(item.subject) }
    return names
  }

  /// Accept and reject buttons for `scope` (`all`, `screen`, `locale`, `file`) and `target`.
  private static func decisionForm(
    into html: inout HTMLWriter, token: String, scope: String, target: String, name: String, enabled: Bool,
    describedBy: String? = nil
  ) {
    html.element("form", [.init("method", "post"), .init("action", "/decide")]) { form in
      form.void("input", [.init("type", "hidden"), .init("name", "token"), .init("value", token)])
      form.void("input", [.init("type", "hidden"), .init("name", "scope"), .init("value", scope)])
      form.void("input", [.init("type", "hidden"), .init("name", "target"), .init("value", target)])
      for (decision, verb) in [("accept", "Accept"), ("reject", "Reject")] {
        var attributes: [HTMLWriter.Attribute] = [
          .init("type", "submit"), .init("name", "decision"), .init("value", decision), .init("class", decision),
        ]
        if let describedBy { attributes.append(.init("aria-describedby", describedBy)) }
        if !enabled { attributes.append(.init(flag: "disabled")) }
        form.element("button", attributes, text: scope == "file" ? verb : "\(verb) \(name)")
      }
    }
  }

  private static func localeSection(_ model: Model, into html: inout HTMLWriter) {
    var tags: [String] = []
    for item in model.items where !tags.contains(item.localeTag) { tags.append(item.localeTag) }
    html.element("section", [.init("aria-labelledby", "by-locale")]) { section in
      section.element("h2", [.init("id", "by-locale")], text: "By locale")
      section.element("ul", [.init("class", "locales")]) { list in
        for tag in tags {
          let pending = zip(model.items, model.decisions).filter { $0.0.localeTag == tag && $0.1 == .pending }.count
          list.element("li", [.init("class", "bar")]) { item in
            item.element("span") {
              $0.element("span", [.init("lang", tag)], text: tag)
              $0.text(": \(pending) not decided")
            }
            decisionForm(
              into: &item, token: model.token, scope: "locale", target: tag, name: "all in \(tag)",
              enabled: pending > 0)
          }
        }
      }
    }
    html.newline()
  }

  private static func subjectSection(_ model: Model, subject: String, id: String, into html: inout HTMLWriter) {
    let indices = model.items.indices.filter { model.items[$0].subject == subject }
    let pending = indices.filter { model.decisions[$0] == .pending }.count
    html.element("section", [.init("aria-labelledby", id)]) { section in
      section.element("h2", [.init("id", id)]) {
        $0.text("Screen ")
        $0.isolated(subject)
      }
      section.element("div", [.init("class", "bar")]) {
        decisionForm(
          into: &$0, token: model.token, scope: "screen", target: subject, name: "all of \(subject)",
          enabled: pending > 0)
      }
      section.newline()
      for index in indices {
        item(model.items[index], index: index, decision: model.decisions[index], token: model.token, into: &section)
      }
    }
    html.newline()
  }

  private static func item(
    _ item: ReviewItem, index: Int, decision: ReviewDecision, token: String, into html: inout HTMLWriter
  ) {
    let heading = "item-\(index)-name"
    let decided = decision != .pending
    html.element(
      "article",
      [
        .init("id", "item-\(index)"), .init("class", decided ? "item decided" : "item"),
        .init("aria-labelledby", heading), .init("data-file", item.file.displayPath),
      ]
    ) { article in
      article.element("h3", [.init("id", heading)]) { $0.element("code", text: item.file.displayPath) }
      article.element("p", [.init("class", "verdict")]) { line in
        line.element("span", [.init("class", "state")], text: state(decision) + ": ")
        line.text(
          item.hasGolden
            ? "differs from its golden file"
            : item.isGoldenRefused
              ? "its golden file was not read (why below); accepting replaces it with a file"
              : "new: there is no golden file yet")
        line.text(" (\(item.localeTag), \(item.variant))")
      }
      if decision == .pending {
        decisionForm(
          into: &article, token: token, scope: "file", target: String(index), name: item.file.displayPath,
          enabled: true, describedBy: heading)
      }
      switch item.content {
      case .text(let golden, let new, let diff):
        textContent(golden: golden, new: new, diff: diff, item: item, index: index, into: &article)
      case .pixels(let golden, _, let diff, let summary, let width):
        pixelContent(
          hasGolden: golden != nil, hasDiff: diff != nil, summary: summary, width: width, item: item, index: index,
          into: &article)
      }
    }
    html.newline()
  }

  private static func state(_ decision: ReviewDecision) -> String {
    switch decision {
    case .pending: "To decide"
    case .accepted: "Accepted, golden file written"
    case .rejected: "Rejected, golden file kept"
    case .failed(let reason): "Not written (\(reason))"
    }
  }

  private static func textContent(
    golden: String?, new: String, diff: String, item: ReviewItem, index: Int, into html: inout HTMLWriter
  ) {
    if golden != nil || !diff.isEmpty {
      html.element("h4", text: "Unified diff (- golden, + new)")
      html.element("pre", [.init("lang", item.localeTag), .init("dir", "ltr"), .init("tabindex", "0")], text: diff)
    }
    html.element("details") { details in
      details.element("summary", text: golden == nil ? "The new file" : "The golden and new files side by side")
      details.element("div", [.init("class", "texts")]) { texts in
        if let golden {
          texts.element("figure") { figure in
            figure.element("figcaption", text: "Golden")
            figure.element("pre", [.init("lang", item.localeTag), .init("tabindex", "0")], text: golden)
          }
        }
        texts.element("figure") { figure in
          figure.element("figcaption", text: "New")
          figure.element("pre", [.init("lang", item.localeTag), .init("tabindex", "0")], text: new)
        }
      }
    }
  }

  private static func pixelContent(
    hasGolden: Bool, hasDiff: Bool, summary: String, width: Int, item: ReviewItem, index: Int,
    into html: inout HTMLWriter
  ) {
    if !summary.isEmpty { html.element("p", text: summary) }
    let name = "\(item.subject), \(item.localeTag), \(item.variant)"
    func image(_ html: inout HTMLWriter, _ kind: String, alt: String) {
      html.void(
        "img", [.init("src", "/image/\(index)/\(kind).png"), .init("alt", alt), .init("width", String(width))])
    }
    html.element("div", [.init("class", "sides")]) { sides in
      if hasGolden {
        sides.element("figure") {
          $0.element("figcaption", text: "Golden")
          image(&$0, "golden", alt: "Golden image of \(name)")
        }
      }
      sides.element("figure") {
        $0.element("figcaption", text: "New")
        image(&$0, "new", alt: "New image of \(name)")
      }
      if hasDiff {
        sides.element("figure") {
          $0.element("figcaption", text: "Diff (changed pixels in red)")
          image(&$0, "diff", alt: "Changed pixels of \(name) in red")
        }
      }
    }
    guard hasGolden else { return }
    let overlay = "overlay-\(index)"
    let slider = "reveal-\(index)"
    html.element("div", [.init("class", "overlay-group"), .init(flag: "hidden")]) { group in
      group.element("div", [.init("class", "slider")]) { field in
        field.element(
          "label", [.init("for", slider)], text: "Overlay: share of the new image shown over the golden one")
        field.void(
          "input",
          [
            .init("type", "range"), .init("id", slider), .init("class", "reveal"), .init("min", "0"),
            .init("max", "100"), .init("value", "50"), .init("aria-controls", overlay),
          ])
      }
      group.element("div", [.init("class", "overlay"), .init("id", overlay)]) { stack in
        image(&stack, "golden", alt: "Golden image of \(name), under the new one")
        stack.element("div", [.init("class", "over")]) {
          image(&$0, "new", alt: "New image of \(name), over the golden one")
        }
      }
    }
  }
}
