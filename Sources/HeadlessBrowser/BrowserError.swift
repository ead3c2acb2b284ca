/// Why the browser could not do what was asked.
package enum BrowserError: Error, Equatable, CustomStringConvertible {
  /// No browser at the path, or the system refused to start it.
  case cannotStart(reason: String)
  /// The browser exited or closed its pipe; the last lines it logged.
  case exited(log: String)
  /// No answer to a command within the time allowed.
  case timedOut(method: String, seconds: Double)
  /// The browser answered a command with an error: its message.
  case refused(method: String, message: String)
  /// An answer without what the command returns.
  case unexpectedReply(method: String)
  /// The page's script threw or returned something other than what was asked: its words.
  case pageScript(message: String)

  package var description: String {
    switch self {
    case .cannotStart(let reason): "cannot start the browser: \(reason)"
    case .exited(let log): "the browser exited" + (log.isEmpty ? "" : "; its log ends:\n" + log)
    case .timedOut(let method, let seconds): "the browser did not answer \(method) within \(Int(seconds)) s"
    case .refused(let method, let message): "the browser refused \(method): \(message)"
    case .unexpectedReply(let method): "the browser's answer to \(method) lacks what it returns"
    case .pageScript(let message): "a script in the page failed: \(message)"
    }
  }
}
