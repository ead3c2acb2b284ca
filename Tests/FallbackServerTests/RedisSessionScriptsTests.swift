import Foundation
import RedisClient
import Synchronization
import Testing

@testable import FallbackServer
@testable import SessionStores

/// The Redis store's Lua scripts: embedded as their files say, naming no key themselves,
/// their typed arguments in the order the scripts read them; and a journal entry that
/// does not read is logged (without what it holds) and counted, never skipped silently.
struct RedisSessionScriptsTests {
  static let scriptsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/SessionStores/Redis/Scripts")

  static func sources() throws -> [(tag: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: scriptsDirectory.path)
      .filter { $0.hasSuffix(".lua") }.sorted()
    return try names.map { name in
      (String(name.dropLast(4)), try String(contentsOf: scriptsDirectory.appendingPathComponent(name), encoding: .utf8))
    }
  }

  @Test func theEmbeddedScriptsAreTheLuaFiles() throws {
    let files = try Self.sources()
    #expect(files.map(\.tag) == ["commit", "create", "delete", "load"])
    #expect(EmbeddedSessionScripts.files.map(\.tag) == files.map(\.tag), "run scripts/embed-data")
    for (embedded, file) in zip(EmbeddedSessionScripts.files, files) {
      #expect(embedded.text == file.text, "\(file.tag).lua changed: run scripts/embed-data")
    }
    for script in [SessionScripts.create, SessionScripts.load, SessionScripts.commit, SessionScripts.delete] {
      #expect(!script.source.isEmpty)
    }
  }

  /// Every key a script touches comes in `KEYS` and the channel in `ARGV`: no name of
  /// the store's is written in Lua (Redis Cluster and the `EVAL` documentation require it).
  @Test func noScriptWritesAKeyName() throws {
    for (tag, text) in try Self.sources() {
      for prefix in ["tts:", "'tts", "\"tts"] {
        #expect(!text.contains(prefix), "\(tag).lua")
      }
    }
  }

  @Test func aCommitsArgumentsAreInTheOrderTheScriptReads() {
    let call = CommitScriptCall(
      id: "k1.abc", customerToken: "k1.tok", expectedLength: 3, activeTTLSeconds: 120, nowMilliseconds: 1_000,
      eventsKept: 0, changes: 7, customerSeen: true, entries: [#"{"arrive":true}"#, #"{"call":{}}"#],
      answers: [(key: "key-1", answer: "200 {}")], events: [(seq: 4, json: #"{"seq":4}"#)])
    #expect(
      call.keys == [
        "tts:s:k1.abc", "tts:s:k1.abc:j", "tts:s:k1.abc:e", "tts:s:k1.abc:i", "tts:t:k1.tok", "tts:live", "tts:seen",
      ])
    #expect(
      call.arguments == [
        "3", "120", "1000", "k1.abc", "1", "tts:changed", "k1.abc 7", "1", "2", "1", #"{"arrive":true}"#,
        #"{"call":{}}"#, "key-1", "200 {}", "4", #"{"seq":4}"#,
      ])
    let untouched = CommitScriptCall(
      id: "k1.abc", customerToken: "k1.tok", expectedLength: 0, activeTTLSeconds: nil, nowMilliseconds: 5,
      eventsKept: 100, changes: 0, customerSeen: false, entries: [], answers: [], events: [])
    #expect(untouched.arguments == ["0", "", "5", "k1.abc", "100", "tts:changed", "k1.abc 0", "0", "0", "0"])
  }

  @Test func aCreateNamesItsIdempotencyKeyOnlyWhenItHasOne() {
    var call = CreateScriptCall(
      id: "k1.abc", customerToken: "k1.tok", configuration: nil, ttlSeconds: 60, nowMilliseconds: 100_000,
      limit: 5, idempotency: nil, keyLifetimeSeconds: 86_400)
    #expect(call.keys == ["tts:s:k1.abc", "tts:t:k1.tok", "tts:live"])
    #expect(call.arguments == ["", "k1.tok", "k1.abc", "60", "100000", "5", "40000", "", "86400"])
    call.idempotency = (key: "retry-1", fingerprint: "f00d")
    #expect(call.keys.last == "tts:k:retry-1")
    #expect(call.arguments[7] == "f00d k1.abc k1.tok")
    #expect(
      CreateScriptCall.outcome(.string(Array("f00d k1.abc k1.tok".utf8)))
        == .kept(
          fingerprint: "f00d", id: "k1.abc", customerToken: "k1.tok"))
    #expect(CreateScriptCall.outcome(.integer(0)) == .full)
    #expect(CreateScriptCall.outcome(.string(Array("two fields".utf8))) == nil)
  }

  @Test func changeMessagesReadBack() {
    for change in [SessionChange.changed(id: "k1.abc", changes: 12), .removed(id: "k1.abc")] {
      #expect(SessionChange(message: change.message) == change)
    }
    #expect(SessionChange(message: "") == nil)
    #expect(SessionChange(message: "k1.abc many") == nil)
  }
}

/// A journal entry in Redis that is not JSON, replayed by a server with no kept copy.
@Suite(.enabled(if: TestRedis.shared != nil, "no redis-server installed: scripts/setup installs it"))
struct RedisJournalTests {
  @Test(arguments: ServerOptions.LogFormat.allCases)
  func anUnreadableEntryIsLoggedWithoutItsContentAndCounted(format: ServerOptions.LogFormat) throws {
    let (location, address) = try RedisStoreTests.sharedLocation()
    let writer = Harness(location: location)
    let session = try writer.session()
    #expect(writer.call(session, Harness.cart).status == 200)
    let connection = try RedisConnection(address, milliseconds: 2_000)
    let damage = "secret-customer-text"
    #expect(try connection.command(["RPUSH", "tts:s:\(session.id):j", damage]) != .null)
    let reader = Harness(location: location) { $0.logFormat = format }
    #expect(reader.send("GET", session.customerURL, key: nil).status == 200)
    let page = reader.send("GET", "/metrics").text
    #expect(page.contains("\nrender_relay_store_journal_entries_unreadable_total 1\n"))
    let lines = reader.log.lines.withLock { $0 }.filter { $0.contains("journal") }
    #expect(lines.count == 1)
    let line = lines.first ?? ""
    let secret = String(session.id.drop { $0 != "." }.dropFirst())
    #expect(!line.contains(damage) && !line.contains(secret))
    #expect(line.contains("\(damage.utf8.count)"))
    let routingKey = String(session.id.prefix { $0 != "." })
    switch format {
    case .text: #expect(line.contains("routing key \(routingKey)"))
    case .json: #expect(line.contains(#""routing_key":"\#(routingKey)""#))
    }
  }
}

/// Calls to one session at once, from one server: no lock is held across Redis, so they
/// race on the journal's length, and every one lands once.
@Suite(.enabled(if: TestRedis.shared != nil, "no redis-server installed: scripts/setup installs it"))
struct RedisRacingCallsTests {
  @Test func callsAtOnceToOneSessionAllLandOnceEach() throws {
    let (location, address) = try RedisStoreTests.sharedLocation()
    let harness = Harness(location: location)
    let session = try harness.session()
    let workers = 4
    let each = 25
    let statuses = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in 0..<each {
        let name = "Item \(worker)-\(index)"
        let call =
          #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "\#(name)", "quantity": 1, "totalPrice": 5.00}], "summary": {"summaryLines": [], "total": 5.00}}}"#
        let status = harness.call(session, call).status
        statuses.withLock { $0.append(status) }
      }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 200, count: workers * each))
    let connection = try RedisConnection(address, milliseconds: 2_000)
    guard case .array(let entries) = try connection.command(["LRANGE", "tts:s:\(session.id):j", "0", "-1"]) else {
      Issue.record("no journal")
      return
    }
    let texts = entries.compactMap(\.text)
    for worker in 0..<workers {
      for index in 0..<each {
        #expect(texts.filter { $0.contains("\"Item \(worker)-\(index)\"") }.count == 1, "\(worker)-\(index)")
      }
    }
    #expect(texts.count == 1 + workers * each)
  }
}
