import Foundation

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

  init(browser: BrowserSession, session: String, targetID: String, contextID: String) throws(BrowserError) {
    self.browser = browser
    self.session = session
    self.targetID = targetID
    self.contextID = contextID
    _ = try browser.send("Page.enable", session: session)
  }

  /// What runs in a page once it has loaded, before anything is measured or captured:
  /// animations, transitions and the caret off (a constructed style sheet, which the
  /// page's CSP does not govern), focus dropped, then the fonts awaited and two frames
  /// drawn, so every glyph is in place.
  package static let settleScript = """
    (async () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      for (const animation of document.getAnimations()) animation.cancel();
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return true;
    })()
    """

  /// Loads `html` (a whole document, from a file of the run's folder) at `profile`, lets
  /// it settle (``settleScript``), runs `script`, and captures the whole page.
  /// - Throws: ``BrowserError`` when the browser fails, refuses or takes too long, or the
  ///   script throws.
  package func capture(html: String, profile: DeviceProfile, script: String? = nil) throws(BrowserError) -> Capture {
    let file = browser.folder.appending(path: "pages").appending(path: "\(UUID().uuidString).html")
    do {
      try Data(html.utf8).write(to: file)
    } catch {
      throw .cannotStart(reason: "cannot write \(file.path): \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: file) }
    try setMetrics(profile, height: profile.height)
    _ = try browser.send(
      "Emulation.setEmulatedMedia",
      [
        "features": [
          ["name": "prefers-color-scheme", "value": .string(profile.colorScheme.rawValue)],
          ["name": "prefers-reduced-motion", "value": "reduce"],
        ]
      ], session: session)
    _ = try browser.send(
      "Page.setFontSizes",
      [
        "fontSizes": [
          "standard": .number(Double(16 * profile.textSize) / 100),
          "fixed": .number(Double(13 * profile.textSize) / 100),
        ]
      ], session: session)
    _ = try browser.send(
      "Page.navigate", ["url": .string(file.absoluteString)], session: session, awaiting: "Page.loadEventFired")
    _ = try evaluate(Self.settleScript)
    let scriptResult = try script.map { (script) throws(BrowserError) in try evaluate(script) }
    let metrics = try browser.send("Page.getLayoutMetrics", session: session)
    guard let contentHeight = metrics["cssContentSize"]?["height"]?.number else {
      throw .unexpectedReply(method: "Page.getLayoutMetrics")
    }
    // A page longer than the screen is captured by making the screen as long as the page,
    // not with `captureBeyondViewport` and a clip, whose origin Chromium takes from the
    // left of the scrollable area, which in a right-to-left page is not the viewport's.
    let height = max(profile.height, Int(contentHeight.rounded(.up)))
    if height > profile.height {
      try setMetrics(profile, height: height)
      _ = try evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    }
    let shot = try browser.send("Page.captureScreenshot", ["format": "png", "fromSurface": true], session: session)
    guard let encoded = shot["data"]?.string, let png = Data(base64Encoded: encoded) else {
      throw .unexpectedReply(method: "Page.captureScreenshot")
    }
    return Capture(png: Array(png), scriptResult: scriptResult)
  }

  private func setMetrics(_ profile: DeviceProfile, height: Int) throws(BrowserError) {
    _ = try browser.send(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": .number(Double(profile.width)), "height": .number(Double(height)),
        "deviceScaleFactor": .number(Double(profile.scale)), "mobile": false,
      ], session: session)
  }

  /// Evaluates `expression` in the page, awaiting a promise, and returns its value as JSON.
  /// - Throws: ``BrowserError/pageScript(message:)`` when it throws.
  package func evaluate(_ expression: String) throws(BrowserError) -> DevToolsValue {
    let reply = try browser.send(
      "Runtime.evaluate", ["expression": .string(expression), "awaitPromise": true, "returnByValue": true],
      session: session)
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
