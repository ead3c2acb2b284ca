import Foundation
import RedisClient
import RenderCore
import SessionReplay
import Synchronization
import Testing

@testable import SessionStores

/// The Redis store's kept sessions: a customer's request that changes nothing asks Redis
/// nothing while the kept session is fresh; a message from another server makes it stale
/// at once; a lost message, or a session gone without one, is served from memory no
/// longer than the store's staleness bound; a token is matched exactly.
@Suite(.enabled(if: TestRedis.shared != nil, "no redis-server installed: scripts/setup installs it"))
struct RedisKeptSessionTests {
  /// Two stores ("servers") on one Redis database; `one` subscribed, with its commands counted.
  final class Pair: Sendable {
    let one: RedisSessionStore
    let two: RedisSessionStore
    let address: RedisAddress
    /// Commands `one` sent (its subscriber's connection aside).
    private let commands: Counter

    init(freshMilliseconds: Int, touchMilliseconds: Int = RedisSessionStore.touchMilliseconds) throws {
      let (_, address) = try RedisStoreTests.sharedLocation()
      self.address = address
      let counter = Counter()
      commands = counter
      one = RedisSessionStore(
        address, idleTimeoutSeconds: 120, eventsKept: 100, observe: { _ in counter.value.add(1, ordering: .relaxed) },
        freshMilliseconds: freshMilliseconds, touchMilliseconds: touchMilliseconds)
      two = RedisSessionStore(address, idleTimeoutSeconds: 120, eventsKept: 100)
      one.watch { _, _ in }
      two.watch { _, _ in }
      let deadline = ContinuousClock.now + .seconds(5)
      while !(one.isSubscribed && two.isSubscribed), ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
    }

    var count: Int { commands.value.load(ordering: .relaxed) }

    deinit {
      one.stopWatching()
      two.stopWatching()
    }

    /// A session made on `two` and opened by its customer there: its id and token.
    func session() throws -> (id: String, token: String) {
      guard
        case .created(let made) = try two.create(
          configuration: .default, source: nil, routingKey: "k1", limit: 1_000, now: .now, idempotency: nil)
      else { throw HarnessError.unexpected("not created") }
      _ = try two.withSession(token: made.customerToken) { session in
        session.arrive(eventsKept: 100)
        session.lastActivity = .now
        session.lastCustomerContact = .now
      }
      return (made.id, made.customerToken)
    }
  }

  final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  /// What a page request does: counts as activity and as the customer seen.
  static func view(_ store: RedisSessionStore, _ token: String) throws -> (version: UInt64, closed: Bool)? {
    try store.withSession(token: token) { session in
      session.lastActivity = .now
      session.lastCustomerContact = .now
      return (session.screenVersion, session.isClosed)
    }
  }

  @Test func aPageViewedAgainAsksRedisNothingAndAChangeElsewhereIsSeenAtOnce() throws {
    // Nothing but the message can make the kept session stale here: no bound, no touch
    // written (which would find the journal longer) within the test.
    let pair = try Pair(freshMilliseconds: 60_000, touchMilliseconds: 60_000)
    let (id, token) = try pair.session()
    // The first view reads the session and writes the customer's visit.
    #expect(try Self.view(pair.one, token)?.closed == false)
    let before = pair.count
    for _ in 0..<50 { #expect(try Self.view(pair.one, token) != nil) }
    #expect(pair.count == before, "a page viewed again asked Redis")
    // Another server closes it: its message makes the kept session stale, long before
    // the (here one-minute) staleness bound.
    let closed = try pair.two.withSession(id: id) { session -> Bool in
      session.lastActivity = .now
      return (try? session.apply(.close, eventsKept: 100, line: .object([("call", .string("close"))]))) != nil
    }
    #expect(closed == true)
    let changed = ContinuousClock.now
    while try Self.view(pair.one, token)?.closed != true, ContinuousClock.now - changed < .seconds(5) {
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(try Self.view(pair.one, token)?.closed == true)
    #expect(ContinuousClock.now - changed < .seconds(1))
    // Removed on the other server: announced, so gone here at once as well.
    #expect(try pair.two.remove(id: id))
    let removed = ContinuousClock.now
    while try Self.view(pair.one, token) != nil, ContinuousClock.now - removed < .seconds(5) {
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(try Self.view(pair.one, token) == nil)
    #expect(ContinuousClock.now - removed < .seconds(1))
  }

  /// A session gone from Redis with no message (its TTL, or a lost message) is served from
  /// memory for at most the staleness bound, then not at all.
  @Test func aSessionGoneWithoutAMessageIsServedNoLongerThanTheBound() throws {
    let bound = 300
    let pair = try Pair(freshMilliseconds: bound)
    let (id, token) = try pair.session()
    #expect(try Self.view(pair.one, token) != nil)
    // As a TTL expiry does: the keys go, and nothing is published.
    let connection = try RedisConnection(pair.address, milliseconds: 2_000)
    let keys = ["tts:s:\(id)", "tts:s:\(id):j", "tts:s:\(id):e", "tts:t:\(token)"]
    let deleted = ContinuousClock.now
    #expect(try connection.command(["DEL"] + keys) == .integer(4))
    var lastServed = deleted
    while ContinuousClock.now - deleted < .milliseconds(bound * 3) {
      if try Self.view(pair.one, token) != nil { lastServed = .now }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(lastServed - deleted < .milliseconds(bound + 50), "\(lastServed - deleted)")
    #expect(try Self.view(pair.one, token) == nil)
  }

  /// Only the exact token opens a session, kept or not: no prefix, no longer one, no
  /// other case, not the merchant's id.
  @Test func onlyTheExactTokenOpensAKeptSession() throws {
    let pair = try Pair(freshMilliseconds: 60_000)
    let (id, token) = try pair.session()
    let (_, other) = try pair.session()
    #expect(try Self.view(pair.one, token) != nil)
    #expect(try Self.view(pair.one, other) != nil)
    for wrong in [String(token.dropLast()), token + "0", token.uppercased(), id, " " + token, "", "k1."] {
      #expect(try Self.view(pair.one, wrong) == nil, "\(wrong)")
    }
    let mine = try pair.one.withSession(token: token) { $0.id }
    #expect(mine == id)
  }

  /// Without its subscriber (messages would be missed), every request reads Redis.
  @Test func withoutTheSubscriberEveryRequestReadsRedis() throws {
    let pair = try Pair(freshMilliseconds: 60_000)
    let (_, token) = try pair.session()
    #expect(try Self.view(pair.one, token) != nil)
    pair.one.stopWatching()
    #expect(!pair.one.isSubscribed)
    let before = pair.count
    for _ in 0..<5 { #expect(try Self.view(pair.one, token) != nil) }
    #expect(pair.count >= before + 5)
  }

  /// A request that only keeps the session alive writes that at most once per `touch`;
  /// a merchant's call is one round trip from a fresh kept session.
  @Test func touchesAreWrittenOncePerIntervalAndACallIsOneRoundTrip() throws {
    let pair = try Pair(freshMilliseconds: 60_000, touchMilliseconds: 300)
    let (id, token) = try pair.session()
    #expect(try Self.view(pair.one, token) != nil)
    let connection = try RedisConnection(pair.address, milliseconds: 2_000)
    func seen() throws -> Int { Int(try connection.command(["HGET", "tts:s:\(id)", "seen"]).text ?? "") ?? 0 }
    let first = try seen()
    Thread.sleep(forTimeInterval: 0.05)
    #expect(try Self.view(pair.one, token) != nil)
    #expect(try seen() == first)
    Thread.sleep(forTimeInterval: 0.35)
    #expect(try Self.view(pair.one, token) != nil)
    #expect(try seen() > first)
    let before = pair.count
    let cart = try JSONParser.parse(Array(Harness.cart.utf8))
    let step = try Transcript.step(cart, currency: "USD").step
    let applied = try pair.one.withSession(id: id) { session -> Bool in
      session.lastActivity = .now
      return (try? session.apply(step, eventsKept: 100, line: cart)) != nil
    }
    #expect(applied == true)
    #expect(pair.count == before + 1)
  }
}
