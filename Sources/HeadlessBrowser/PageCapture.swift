import Foundation
import Synchronization

/// One tab of a ``BrowserSession``, in a browser context of its own: loads a page at a
/// ``DeviceProfile`` and captures it whole. One page at a time; use several tabs
/// (``BrowserSession/capture(_:parallelism:)``) to capture in parallel.
package final class PageCapture: Sendable {
  /// What a capture returns.
  package struct Capture: Sendable {
    /// The whole page as a PNG file, `width × scale` device pixels wide and
    /// `max(content height, viewport height) × scale` high (the viewport made as long as
    /// the page, so `100vh` is the page's length in a long page).
    package let png: [UInt8]
    /// The value of the job's script, nil without one.
    package let scriptResult: DevToolsValue?
  }

  private let browser: BrowserSession
  private let session: String
  private let targetID: String
  private let contextID: String
  /// Nil until the first page is loaded, and while a change is on its way.
  private let shown = Mutex<Shown?>(nil)

  init(browser: BrowserSession, session: String, targetID: String, contextID: String) throws(BrowserError) {
    self.browser = browser
    self.session = session
    self.targetID = targetID
    self.contextID = contextID
    _ = try browser.send("Page.enable", session: session)
  }

  /// What runs in a page once it has loaded, before anything is measured or captured:
  /// animations, transitions and the caret off (a constructed style sheet, which the
  /// page's CSP does not govern), focus dropped, then the fonts awaited, so every glyph
  /// is in place. No frame is awaited here: `Page.captureScreenshot` from the surface
  /// forces a frame of its own, with style, layout and paint brought up to date, and a
  /// script that measures forces layout as it reads (PageReuseTests and the golden files
  /// show the same bytes as when two frames were drawn first).
  package static let settleScript = """
    (async () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      for (const animation of document.getAnimations()) animation.cancel();
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      await document.fonts.ready;
      return true;
    })()
    """

  /// Loads `html` (a whole document) at `profile`, lets it settle (``settleScript``), runs
  /// `script`, and captures the whole page.
  ///
  /// The tab's first page, and a page at another profile than the one before, is a file
  /// of the run's folder the tab navigates to. A page at the same profile as the one
  /// before replaces that document in place (`document.open`, `write`, `close`): no
  /// navigation, so no new renderer process, no new frame and no font set-up, most of a
  /// navigation's cost; the same pixels, byte for byte (a change of device scale factor
  /// between documents is not carried out in place the same way, so it navigates). What
  /// stays from one page to the next is the tab's window: its URL and the globals scripts
  /// set (the engine's pages run none).
  /// - Throws: ``BrowserError`` when the browser fails, refuses or takes too long, or the
  ///   script throws.
  package func capture(html: String, profile: DeviceProfile, script: String? = nil) throws(BrowserError) -> Capture {
    // The tab keeps its settings across pages: only what differs is sent, each change
    // with what follows it, in one round trip.
    let last = shown.withLock { state in
      defer { state = nil }
      return state
    }
    var commands: [(method: String, parameters: DevToolsValue)] = []
    if last?.profile != profile || last?.height != profile.height {
      commands.append(Self.metrics(profile, height: profile.height))
    }
    if last?.profile.colorScheme != profile.colorScheme {
      commands.append(Self.media(profile))
    }
    if last?.profile.textSize != profile.textSize {
      commands.append(Self.fontSizes(profile))
    }
    let settled: DevToolsValue
    if last?.profile == profile {
      commands.append(Self.evaluation(Self.replaceScript(html, then: script)))
      settled = try Self.value(browser.send(commands, session: session).last, method: "Runtime.evaluate")
    } else {
      let file = browser.folder.appending(path: "pages").appending(path: "\(UUID().uuidString).html")
      do {
        try Data(html.utf8).write(to: file)
      } catch {
        throw .cannotStart(reason: "cannot write \(file.path): \(error.localizedDescription)")
      }
      defer { try? FileManager.default.removeItem(at: file) }
      commands.append(("Page.navigate", ["url": .string(file.absoluteString)]))
      _ = try browser.send(commands, session: session, awaiting: "Page.loadEventFired")
      settled = try evaluate(Self.settleScript(then: script))
    }
    shown.withLock { $0 = Shown(profile: profile, height: profile.height) }
    let scriptResult = script == nil ? nil : settled
    let metrics = try browser.send("Page.getLayoutMetrics", session: session)
    guard let contentHeight = metrics["cssContentSize"]?["height"]?.number else {
      throw .unexpectedReply(method: "Page.getLayoutMetrics")
    }
    // A page longer than the screen is captured by making the screen as long as the page,
    // not with `captureBeyondViewport` and a clip, whose origin Chromium takes from the
    // left of the scrollable area, which in a right-to-left page is not the viewport's.
    let height = max(profile.height, Int(contentHeight.rounded(.up)))
    if height > profile.height {
      shown.withLock { $0 = nil }
      _ = try browser.send(
        [
          Self.metrics(profile, height: height),
          Self.evaluation("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"),
        ], session: session)
      shown.withLock { $0 = Shown(profile: profile, height: height) }
    }
    let shot = try browser.send("Page.captureScreenshot", ["format": "png", "fromSurface": true], session: session)
    guard let encoded = shot["data"]?.string, let png = Data(base64Encoded: encoded) else {
      throw .unexpectedReply(method: "Page.captureScreenshot")
    }
    return Capture(png: Array(png), scriptResult: scriptResult)
  }

  /// An expression that replaces the tab's document with `html`, waits for its `load`,
  /// then settles it as ``settleScript`` does and runs `script`, whose value it returns.
  static func replaceScript(_ html: String, then script: String?) -> String {
    let literal = String(decoding: DevToolsValue.string(html).json(), as: UTF8.self)
    return """
      (async () => {
        document.open();
        document.write(\(literal));
        document.close();
        if (document.readyState !== 'complete') {
          await new Promise((done) => window.addEventListener('load', done, { once: true }));
        }
        return await \(settleScript(then: script));
      })()
      """
  }

  /// What the tab was last set to: the profile, and the viewport's height in CSS px.
  private struct Shown: Equatable {
    var profile: DeviceProfile
    var height: Int
  }

  /// ``settleScript``, then `script` (an expression, awaited), whose value it returns.
  static func settleScript(then script: String?) -> String {
    guard let script else { return settleScript }
    return "\(settleScript).then(async () => await (\(script)))"
  }

  static func metrics(_ profile: DeviceProfile, height: Int) -> (method: String, parameters: DevToolsValue) {
    (
      "Emulation.setDeviceMetricsOverride",
      [
        "width": .number(Double(profile.width)), "height": .number(Double(height)),
        "deviceScaleFactor": .number(Double(profile.scale)), "mobile": false,
      ]
    )
  }

  static func media(_ profile: DeviceProfile) -> (method: String, parameters: DevToolsValue) {
    (
      "Emulation.setEmulatedMedia",
      [
        "features": [
          ["name": "prefers-color-scheme", "value": .string(profile.colorScheme.rawValue)],
          ["name": "prefers-reduced-motion", "value": "reduce"],
        ]
      ]
    )
  }

  static func fontSizes(_ profile: DeviceProfile) -> (method: String, parameters: DevToolsValue) {
    (
      "Page.setFontSizes",
      [
        "fontSizes": [
          // Whole pixels, which the browser requires: 13 px × 150 % is 19.5, sent as 20.
          "standard": .number(Double((16 * profile.textSize + 50) / 100)),
          "fixed": .number(Double((13 * profile.textSize + 50) / 100)),
        ]
      ]
    )
  }

  /// Evaluates `expression` in the page, awaiting a promise, and returns its value as JSON.
  /// - Throws: ``BrowserError/pageScript(message:)`` when it throws.
  package func evaluate(_ expression: String) throws(BrowserError) -> DevToolsValue {
    let evaluation = Self.evaluation(expression)
    return try Self.value(
      browser.send(evaluation.method, evaluation.parameters, session: session), method: evaluation.method)
  }

  /// `Runtime.evaluate` of `expression`, awaiting a promise and returning its value as JSON.
  static func evaluation(_ expression: String) -> (method: String, parameters: DevToolsValue) {
    ("Runtime.evaluate", ["expression": .string(expression), "awaitPromise": true, "returnByValue": true])
  }

  /// The value of a `Runtime.evaluate` reply.
  /// - Throws: ``BrowserError/pageScript(message:)`` when the expression threw.
  static func value(_ reply: DevToolsValue?, method: String) throws(BrowserError) -> DevToolsValue {
    guard let reply else { throw .unexpectedReply(method: method) }
    if let exception = reply["exceptionDetails"] {
      let text = exception["exception"]?["description"]?.string ?? exception["text"]?.string ?? "an exception"
      throw .pageScript(message: text)
    }
    return reply["result"]?["value"] ?? .null
  }

  /// Closes the tab and its browser context.
  package func close() {
    _ = try? browser.send("Target.closeTarget", ["targetId": .string(targetID)])
    _ = try? browser.send("Target.disposeBrowserContext", ["browserContextId": .string(contextID)])
  }
}
