/// Which answer event answers which request, and the session's cart updates.
///
/// The relay's events carry a customer's answer (`{"response": …}` or `{"declined":
/// true}`) but not the request it answers. The seeds' rules make the match exact: one
/// form is open at a time, so the relay answers the requests it accepted in the order it
/// accepted them, each once, unless the session ends first (`disconnected`, `closed`).
/// So the n-th answer event of the session answers the n-th request it accepted: each
/// accepted request takes the next ticket, and waits for the answer event of that rank.
///
/// A request whose task was cancelled keeps its ticket (its form stays open until the
/// customer answers it); its answer, when it comes, is dropped, never given to the next
/// request. A request that got no answer from the relay (``acceptanceUnknown()``) may or
/// may not have opened a form; before the next request is sent, ``settle(_:)`` reads
/// the events: an answer beyond the tickets means it was accepted (and answered), and a
/// `sessionBusy` for the next request means it was accepted and is open. One case stays
/// unknowable from the relay's answers: that request accepted and answered between that
/// read and the next request's acceptance; the next request would then take its answer.
/// A response whose keys are not those of the waiting request's kind is refused, so only
/// two requests of one kind can be confused that way.
actor AnswerLedger {
  enum Outcome: Sendable {
    case answered(AnswerValues)
    case declined
  }

  /// Reads the events after a `seq`, waiting up to some seconds.
  typealias Poll = @Sendable (_ after: Int, _ wait: Int) async throws -> [WireEvent]

  /// The `seq` of the last event read.
  private var cursor = 0
  /// Answer events read so far; the next one answers ticket `answersRead`.
  private var answersRead = 0
  /// Answers read whose ticket's request still waits.
  private var answers: [Int: Outcome] = [:]
  /// Tickets whose request stopped waiting: their answers are dropped.
  private var abandoned: Set<Int> = []
  /// Tickets given: requests the relay accepted.
  private var tickets = 0
  /// The last request's acceptance is unknown.
  private var unknown = false
  /// `disconnected` or `closed` was read: no answer comes after it.
  private var ended = false
  private var cartUpdates = 0

  func nextCartUpdate() -> Int {
    cartUpdates += 1
    return cartUpdates
  }

  /// The relay accepted a request: its ticket.
  func accepted() -> Int {
    unknown = false
    tickets += 1
    return tickets - 1
  }

  /// A request got no answer from the relay.
  func acceptanceUnknown() { unknown = true }

  /// The relay answered a request `sessionBusy`: a form is open; if the last request's
  /// acceptance was unknown, that form is its.
  func busy() {
    guard unknown else { return }
    unknown = false
    abandoned.insert(tickets)
    tickets += 1
  }

  /// Before a request is sent: when the last one's acceptance is unknown, reads the
  /// events now; an answer beyond the tickets is that request's (accepted and answered).
  func settle(_ poll: Poll) async throws {
    guard unknown else { return }
    try await read(poll, wait: 0)
    if answersRead > tickets {
      for ticket in tickets..<answersRead { answers[ticket] = nil }
      tickets = answersRead
      unknown = false
    }
  }

  /// Waits for the answer of `ticket`.
  /// - Throws: ``CustomerSessionError/notReady`` when the session ended before it; what
  ///   the poll throws, and `CancellationError`. Once it threw, the ticket's answer is
  ///   dropped when it comes.
  func answer(_ ticket: Int, _ poll: Poll) async throws -> Outcome {
    do {
      while true {
        if let outcome = answers.removeValue(forKey: ticket) { return outcome }
        if ended && answersRead <= ticket { throw CustomerSessionError.notReady }
        try await read(poll, wait: 25)
      }
    } catch {
      // No one waits for it now: its answer, when it comes, is dropped.
      if answers.removeValue(forKey: ticket) == nil, ticket >= answersRead { abandoned.insert(ticket) }
      throw error
    }
  }

  /// Reads the events after the cursor. Another read may run meanwhile (the actor is
  /// reentrant across the poll): only events after the cursor as it is then count.
  private func read(_ poll: Poll, wait: Int) async throws {
    let page = try await poll(cursor, wait)
    for event in page where event.seq > cursor {
      cursor = event.seq
      let outcome: Outcome
      switch event.meaning {
      case .answered(let values): outcome = .answered(values)
      case .declined: outcome = .declined
      case .lifecycle(.disconnected), .lifecycle(.closed):
        ended = true
        continue
      case .lifecycle, .other: continue
      }
      let ticket = answersRead
      answersRead += 1
      if abandoned.remove(ticket) == nil { answers[ticket] = outcome }
    }
  }
}
