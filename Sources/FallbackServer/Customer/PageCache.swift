import Synchronization

/// Rendered customer pages by session, screen version, hint base and language, so a
/// page asked for again (reloads, the refresh without script, many tabs) is not
/// rendered again. Bounded by count and by bytes (a client varying `Accept-Language`
/// on a session with a huge cart must not fill memory): the oldest entries go first. A
/// session's pages are dropped with it.
final class PageCache: Sendable {
  private struct State {
    var pages: [String: [UInt8]] = [:]
    var order: [String] = []
    var start = 0
    var bytes = 0
  }

  private let state = Mutex(State())
  let capacity: Int
  let byteCapacity: Int

  init(capacity: Int = 256, byteCapacity: Int = 64 << 20) {
    self.capacity = capacity
    self.byteCapacity = byteCapacity
  }

  func page(_ key: String) -> [UInt8]? { state.withLock { $0.pages[key] } }

  /// Bytes held now.
  var bytes: Int { state.withLock { $0.bytes } }

  func store(_ key: String, _ page: [UInt8]) {
    guard page.count <= byteCapacity else { return }
    state.withLock { state in
      guard state.pages.updateValue(page, forKey: key) == nil else { return }
      state.bytes += page.count
      state.order.append(key)
      while state.order.count - state.start > capacity || state.bytes > byteCapacity {
        if let dropped = state.pages.removeValue(forKey: state.order[state.start]) { state.bytes -= dropped.count }
        state.start += 1
      }
      if state.start > capacity {
        state.order.removeFirst(state.start)
        state.start = 0
      }
    }
  }

  /// Drops every page of session `id`.
  func forget(session id: String) {
    state.withLock { state in
      let prefix = id + " "
      for key in state.pages.keys where key.hasPrefix(prefix) {
        if let dropped = state.pages.removeValue(forKey: key) { state.bytes -= dropped.count }
      }
    }
  }
}
