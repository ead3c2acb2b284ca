extension CustomerSession {
  /// What happens to the session, as the seeds name it.
  public enum Event: String, Sendable, Hashable {
    /// The customer opened ``CustomerSession/customerURL`` (their first visit).
    case connected
    /// The customer's screen is ready: carts, statuses and requests may be sent.
    case ready
    /// The customer's page has been gone for the relay's `--customer-timeout` (a closed
    /// tab, a phone put away): from then on every call but ``CustomerSession/close()``
    /// throws ``CustomerSessionError/notReady``.
    case disconnected
    /// The session was closed (``CustomerSession/close()``): the last event.
    case closed
  }

  /// The session's events, oldest first, from its very first (so a loop started after
  /// the customer connected still sees ``Event/connected`` and ``Event/ready``), read from
  /// the relay's long poll (`GET /v1/sessions/{id}/events`, waiting up to 25 s a time).
  /// Each loop over it reads on its own. It ends after ``Event/closed``, or when the relay
  /// forgot the session; it throws what a call throws (``CustomerSessionError``, once the
  /// retries are spent) and `CancellationError`.
  public var events: Events { Events(session: self) }

  /// The `AsyncSequence` of ``CustomerSession/events``.
  public struct Events: AsyncSequence, Sendable {
    let session: CustomerSession

    /// Reads the session's events from its first.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(session: session) }

    /// Reads the session's events, a long poll at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let session: CustomerSession
      private var after = 0
      private var pending: [Event] = []
      private var finished = false

      init(session: CustomerSession) { self.session = session }

      /// The next event; nil after ``Event/closed`` or once the relay forgot the session.
      public mutating func next() async throws -> Event? {
        while pending.isEmpty {
          if finished { return nil }
          let page: [WireEvent]
          do {
            page = try await session.events(after: after, wait: 25)
          } catch CustomerSessionError.sessionNotFound {
            finished = true
            return nil
          }
          for wire in page where wire.seq > after {
            after = wire.seq
            if case .lifecycle(let event) = wire.meaning, !finished {
              pending.append(event)
              if event == .closed { finished = true }
            }
          }
        }
        return pending.removeFirst()
      }
    }
  }
}
