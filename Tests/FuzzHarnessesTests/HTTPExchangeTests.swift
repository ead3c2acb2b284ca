import Foundation
import Testing

@testable import FuzzHarnesses

#if canImport(Glibc)
  import Glibc
#endif

/// The http harness's exchange with the server in the process.
@Suite struct HTTPExchangeTests {
  /// libFuzzer's timeout timer interrupts the harness every few seconds with SIGALRM,
  /// which ends a `poll` with EINTR. The exchange reads on: it used to stop there, and
  /// an unanswered `GET /healthz` broke `http.alive` (docs/FUZZING.md, Findings).
  @Test func aSignalDuringTheWaitDoesNotCutTheAnswerShort() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: poll is never restarted anyway
    var previous = sigaction()
    sigaction(SIGALRM, &action, &previous)
    defer { sigaction(SIGALRM, &previous, nil) }

    // The test's thread may have the signal blocked (libFuzzer's thread has not).
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGALRM)
    var blocked = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &signals, &blocked)
    defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }

    let target = pthread_self()
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      for _ in 0..<400 {
        pthread_kill(target, SIGALRM)
        usleep(100)
      }
      finished.signal()
    }
    let request = Array("GET /healthz HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8)
    var exchanges = 0
    var failures: [String] = []
    repeat {
      let exchange = HTTPHarness.exchange(request, wholeRequest: true)
      if !exchange.answer.starts(with: Array("HTTP/1.1 200".utf8)) { failures.append(exchange.outcome) }
      exchanges += 1
    } while finished.wait(timeout: .now()) == .timedOut
    #expect(exchanges > 10)
    #expect(failures.isEmpty, "\(failures.count) of \(exchanges) cut short, the first: \(failures.first ?? "")")
  }
}
