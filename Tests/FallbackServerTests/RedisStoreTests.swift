import Foundation
import HTTPServer
import RedisClient
import RenderCore
import Synchronization
import Testing

@testable import SessionStores

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Redis store with several servers on one Redis (the tests' own, ``TestRedis``):
/// any server serves any session, one answer per call, keys that go with the session,
/// waits woken through pub/sub, and a clear answer when Redis does not answer.
@Suite(.enabled(if: TestRedis.shared != nil, "no redis-server installed: scripts/setup installs it"))
struct RedisStoreTests {
  /// A Redis database no other test uses, as a store location.
  static func sharedLocation() throws -> (StoreLocation, RedisAddress) {
    let redis = try #require(TestRedis.shared)
    let address = redis.address(database: redis.nextDatabase())
    return (.redis(address), address)
  }

  static func keys(_ address: RedisAddress, _ pattern: String) throws -> [String] {
    let connection = try RedisConnection(address, milliseconds: 2_000)
    guard case .array(let names) = try connection.command(["KEYS", pattern]) else { return [] }
    return names.compactMap(\.text).sorted()
  }

  @Test func aSessionMadeOnOneServerIsServedByAnotherAndByAServerStartedAfter() throws {
    let (location, _) = try Self.sharedLocation()
    let one = Harness(location: location)
    let two = Harness(location: location)
    let session = try one.session(
      configuration: #"{"currency": "JPY", "region": "JP", "privacyPolicyURL": "https://example.com/privacy"}"#,
      open: false)
    #expect(two.send("GET", session.customerURL, key: nil).status == 200)
    #expect(one.call(session, Harness.cart).status == 200)
    #expect(two.call(session, Harness.address).status == 200)
    let page = one.send("GET", session.customerURL, key: nil).text
    let token = try #require(Harness.formToken(page))
    // The form's token is the session's, whichever server shows the page.
    #expect(Harness.formToken(two.send("GET", session.customerURL, key: nil).text) == token)
    let typed =
      "token=\(token)&name=Zo%C3%AB+Martin&postalCode=100-0001&state=%E6%9D%B1%E4%BA%AC%E9%83%BD"
      + "&city=%E5%8D%83%E4%BB%A3%E7%94%B0%E5%8C%BA&street=%E5%8D%83%E4%BB%A3%E7%94%B01-1&emailAddress=zoe%40example.com&action=share"
    let posted = two.send(
      "POST", session.customerURL, body: typed, headers: [("Content-Type", "application/x-www-form-urlencoded")],
      key: nil)
    #expect(posted.status == 303)
    // A server that has never seen the session rebuilds it from Redis.
    let later = Harness(location: location)
    #expect(
      try later.events(session) == [
        #"{"seq":1,"event":"connected"}"#, #"{"seq":2,"event":"ready"}"#,
        #"{"seq":3,"response":{"name":"Zoë Martin","street":"千代田1-1","city":"千代田区","state":"東京都","postalCode":"100-0001","country":null,"emailAddress":"zoe@example.com","phoneNumber":null}}"#,
      ])
    #expect(later.send("GET", session.customerURL, key: nil).text.contains("Hair Spray"))
  }

  /// `/metrics` counts the store's commands and their time; the memory store sends none.
  @Test func metricsTimeEveryCommandToRedis() throws {
    let (location, _) = try Self.sharedLocation()
    let harness = Harness(location: location)
    let memory = Harness()
    for server in [harness, memory] {
      let session = try server.session(open: false)
      #expect(server.send("GET", session.customerURL, key: nil).status == 200)
    }
    func count(_ harness: Harness) -> Int? {
      let page = harness.send("GET", "/metrics").text
      let line = page.split(separator: "\n").first {
        $0.hasPrefix("render_relay_store_operation_duration_seconds_count ")
      }
      return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }
    #expect((count(harness) ?? 0) >= 2)
    #expect(count(memory) == 0)
  }

  @Test func twoRequestsForAFormAtOnceOnTwoServersGiveOne200AndOne409() throws {
    let (location, _) = try Self.sharedLocation()
    let servers = [Harness(location: location), Harness(location: location)]
    for round in 0..<10 {
      let session = try servers[round % 2].session()
      #expect(servers[1 - round % 2].call(session, Harness.cart).status == 200)
      let answers = Mutex([HTTPResponse]())
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let answer = servers[index].call(session, #"{"call": "requestSignup"}"#)
        answers.withLock { $0.append(answer) }
      }
      let statuses = answers.withLock { $0.map(\.status) }.sorted()
      #expect(statuses == [200, 409], "round \(round)")
      #expect(answers.withLock { $0.contains { $0.text.contains("\"error\": \"sessionBusy\"") } })
      // Both servers see one form, and the events run 1, 2, … without a gap.
      #expect(servers[0].call(session, #"{"call": "close"}"#).status == 200)
      let seqs = try servers[1].events(session).compactMap { line -> Int? in
        guard case .object(let members) = try JSONParser.parse(Array(line.utf8)),
          case .number(let seq)? = members.first?.value
        else { return nil }
        return Int(seq)
      }
      #expect(seqs == Array(1...seqs.count), "round \(round)")
    }
  }

  @Test func everyKeyExpiresWithTheIdleTimeoutAndDeleteRemovesThemAll() throws {
    let (location, address) = try Self.sharedLocation()
    let harness = Harness(location: location) { $0.idleTimeoutSeconds = 120 }
    let session = try harness.session()
    #expect(harness.call(session, Harness.cart).status == 200)
    let token = String(session.customerURL.dropFirst(3))
    let keys = try Self.keys(address, "tts:[st]:*")
    #expect(
      keys == [
        "tts:s:\(session.id)", "tts:s:\(session.id):e", "tts:s:\(session.id):j", "tts:t:\(token)",
      ])
    let connection = try RedisConnection(address, milliseconds: 2_000)
    for key in keys {
      guard case .integer(let ttl) = try connection.command(["TTL", key]) else {
        Issue.record("no TTL for \(key)")
        continue
      }
      #expect((110...120).contains(ttl), "\(key)")
    }
    // The events Stream's ids are the contract's seq.
    guard case .array(let entries) = try connection.command(["XRANGE", "tts:s:\(session.id):e", "-", "+"]) else {
      Issue.record("no events stream")
      return
    }
    #expect(entries.compactMap { if case .array(let parts) = $0 { parts.first?.text } else { nil } } == ["1-0", "2-0"])
    #expect(harness.send("DELETE", "/v1/sessions/\(session.id)").status == 204)
    #expect(try Self.keys(address, "tts:[st]:*").isEmpty)
    #expect(harness.send("GET", session.customerURL, key: nil).status == 404)
  }

  /// A `HEAD` reads only: no key's TTL set again, no last activity, no customer seen; an
  /// open stream is the customer seen but not activity; a merchant's `GET` of events is
  /// activity (the memory store's rule).
  @Test func aHeadKeepsNothingAliveAndAStreamOnlyCountsAsTheCustomerSeen() throws {
    let (location, address) = try Self.sharedLocation()
    let harness = Harness(location: location) { $0.idleTimeoutSeconds = 120 }
    let session = try harness.session(open: false)
    let connection = try RedisConnection(address, milliseconds: 2_000)
    let keys = try Self.keys(address, "tts:[st]:*")
    for key in keys { _ = try connection.command(["EXPIRE", key, "50"]) }
    func ttls() throws -> [Int] {
      try keys.map { key in
        guard case .integer(let ttl) = try connection.command(["TTL", key]) else { return -3 }
        return ttl
      }
    }
    #expect(harness.send("HEAD", session.customerURL, key: nil).status == 200)
    #expect(harness.send("HEAD", session.customerURL + "/events?shown=2", key: nil).status == 200)
    #expect(harness.send("HEAD", "/v1/sessions/\(session.id)/events").status == 200)
    #expect(try ttls().allSatisfy { (1...50).contains($0) })
    #expect(try connection.command(["ZSCORE", "tts:seen", session.id]) == .null)
    #expect(try connection.command(["HGET", "tts:s:\(session.id)", "seen"]) == .null)
    // The stream is the customer seen, not activity.
    #expect(harness.send("GET", session.customerURL + "/events?shown=999", key: nil).status == 200)
    #expect(try ttls().allSatisfy { (1...50).contains($0) })
    #expect(try connection.command(["ZSCORE", "tts:seen", session.id]).text != nil)
    #expect(harness.send("GET", "/v1/sessions/\(session.id)/events").status == 200)
    #expect(try ttls().allSatisfy { (110...120).contains($0) })
  }

  @Test func aLiveStreamOnOneServerWakesWithinASecondOfACallOnAnother() async throws {
    let (location, _) = try Self.sharedLocation()
    let one = try SocketTests.Running { $0.store = location }
    let two = try SocketTests.Running { $0.store = location }
    defer {
      one.server.stop()
      two.server.stop()
    }
    let session = try await one.session()
    async let streamed = two.send("GET", session.url + "/events?shown=2", key: false)
    try await Task.sleep(for: .milliseconds(300))
    let called = ContinuousClock.now
    let (status, _, _) = try await one.send(
      "POST", "/v1/sessions/\(session.id)/calls", body: Data(Harness.cart.utf8))
    #expect(status == 200)
    let (streamStatus, text, _) = try await streamed
    #expect(streamStatus == 200)
    #expect(text == "retry: 300\nid: 3\nevent: screen\ndata: 3\n\n")
    #expect(ContinuousClock.now - called < .seconds(1))
  }

  @Test func anAbsentCustomerIsDisconnectedOnceWhicheverServerSweeps() throws {
    let (location, _) = try Self.sharedLocation()
    let one = Harness(location: location)
    let two = Harness(location: location)
    let session = try one.session()
    one.server.disconnectAbsentCustomers(before: .now - .seconds(60))
    #expect(try one.events(session).count == 2)
    one.server.disconnectAbsentCustomers(before: .now + .seconds(1))
    two.server.disconnectAbsentCustomers(before: .now + .seconds(1))
    #expect(try two.events(session).suffix(1) == [#"{"seq":3,"event":"disconnected"}"#])
    #expect(two.call(session, Harness.cart).status == 409)
  }

  @Test func aRedisThatDoesNotAnswerIs503WithRetryAfterAndNamedAtStart() throws {
    let missing = StoreLocation.redis(RedisAddress(endpoint: .unix(path: "/nonexistent/redis.sock")))
    let harness = Harness(location: missing)
    #expect(harness.server.storeProblem()?.contains("unix:///nonexistent/redis.sock") == true)
    let created = harness.send("POST", "/v1/sessions")
    #expect(created.status == 503)
    #expect(created.text == "{\"error\": \"storeUnavailable\"}\n")
    #expect(created.header("Retry-After") == "1")
    #expect(harness.send("POST", "/v1/sessions/k1.x/calls", body: Harness.cart).status == 503)
    #expect(harness.send("GET", "/healthz", key: nil).status == 503)
    let page = harness.send("GET", "/c/k1.abc", key: nil)
    #expect(page.status == 503)
    #expect(page.header("Retry-After") == "1")
    #expect(page.header("Content-Security-Policy") != nil)
  }

  /// A Redis paused (SIGSTOP) answers nothing: after the first commands time out, the
  /// store answers unavailable at once for a while, so requests do not queue behind
  /// each other's timeouts. A Redis of this test's own (pausing the shared one would stall
  /// the other tests).
  @Test func aPausedRedisIs503QuicklyForEveryRequest() throws {
    let server = try #require(
      ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      }))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tts-paused-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("redis.sock").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: server)
    process.arguments = [
      "--port", "0", "--unixsocket", socket, "--save", "", "--appendonly", "no", "--dir", directory.path,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    defer {
      kill(pid, SIGCONT)
      kill(pid, SIGKILL)
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: directory)
    }
    let address = RedisAddress(endpoint: .unix(path: socket))
    let started = Date().addingTimeInterval(10)
    while Date() < started {
      if let connection = try? RedisConnection(address, milliseconds: 1_000),
        (try? connection.command(["PING"])) == .status("PONG")
      {
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let harness = Harness(location: .redis(address))
    #expect(harness.send("GET", "/c/k1.absent", key: nil).status == 404)
    kill(pid, SIGSTOP)
    defer { kill(pid, SIGCONT) }
    // Few threads, many requests, as libmicrohttpd's pool: without the back-off each
    // request waits its command timeout in turn.
    let workers = 4
    let each = 8
    let statuses = Mutex<[Int]>([])
    let begun = ContinuousClock.now
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for request in 0..<each {
        let status = harness.send("GET", "/c/k1.t\(worker)x\(request)", key: nil).status
        statuses.withLock { $0.append(status) }
      }
    }
    let took = ContinuousClock.now - begun
    #expect(statuses.withLock { $0 } == Array(repeating: 503, count: workers * each))
    let timeout = Duration.milliseconds(RedisSessionStore.commandMilliseconds)
    #expect(took < timeout * 4, "\(took)")
  }

  @Test func storeLocationsReadFromTheCommandLine() {
    #expect(StoreLocation("memory") == .memory)
    #expect(
      StoreLocation("redis://tts:p%40ss@127.0.0.1:6380/2")
        == .redis(
          RedisAddress(endpoint: .tcp(host: "127.0.0.1", port: 6380), user: "tts", password: "p@ss", database: 2)))
    #expect(StoreLocation("unix:///run/redis.sock") == .redis(RedisAddress(endpoint: .unix(path: "/run/redis.sock"))))
    #expect(StoreLocation("redis://tts:secret@host:1")?.description == "redis://tts@host:1")
    // An IPv6 literal, bracketed in the URL, bare for the resolver, bracketed again when shown.
    #expect(StoreLocation("redis://[::1]:6379") == .redis(RedisAddress(endpoint: .tcp(host: "::1", port: 6379))))
    #expect(StoreLocation("redis://tts:p@[::1]:6379/3")?.description == "redis://tts@[::1]:6379/3")
    for bad in [
      "", "redis://host", "redis://host:0", "redis://host:1/x", "http://host:1", "unix://", "mem", "redis://[]:1",
    ] {
      #expect(StoreLocation(bad) == nil, "\(bad)")
    }
  }
}
