import Synchronization

/// Rendered customer pages by session, screen version, hint base and language, so a
/// page asked for again (reloads, the refresh without script, many tabs) is not
/// rendered again. Bounded: the oldest entries go first. A session's pages are
/// dropped with it.
final class PageCache: Sendable {
  private struct State {
    var pages: [String: [UInt8]] = [:]
    var order: [String] = []
    var start = 0
  }

  private let state = Mutex(State())
  let capacity: Int

  init(capacity: Int = 256) { self.capacity = capacity }

  func page(_ key: String) -> [UInt8]? { state.withLock { $0.pages[key] } }

  func store(_ key: String, _ page: [UInt8]) {
    state.withLock { state in
      guard state.pages.updateValue(page, forKey: key) == nil else { return }
      state.order.append(key)
      if state.order.count - state.start > capacity {
        state.pages[state.order[state.start]] = nil
        state.start += 1
        if state.start > capacity {
          state.order.removeFirst(state.start)
          state.start = 0
        }
      }
    }
  }

  /// Drops every page of session `id`.
  func forget(session id: String) {
    state.withLock { state in
      let prefix = id + " "
      for key in state.pages.keys where key.hasPrefix(prefix) { state.pages[key] = nil }
    }
  }
}
