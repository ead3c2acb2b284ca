import Foundation
import HeadlessBrowser
import Testing

/// The one browser of this test run, started when a test first needs it; nil when there
/// is no Chromium (the tests that need it are skipped, saying why).
enum Browser {
  static let available = BrowserSession.isAvailable()
  static let skipReason: Comment =
    "no Chromium at \(BrowserSession.defaultExecutable): scripts/setup-browser installs Debian's chromium"

  static let shared: BrowserSession? = try? BrowserSession()

  static func session() throws -> BrowserSession {
    guard let shared else { throw BrowserError.cannotStart(reason: "the browser did not start") }
    return shared
  }
}
