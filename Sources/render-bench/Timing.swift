import Foundation

/// This thread's CPU time in microseconds: unlike the wall clock it does not count the
/// time other processes had the CPU, so figures taken on a busy machine stay usable.
func threadCPUMicroseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// A timing: median and fastest of the samples, in CPU microseconds per run.
struct Timing {
  var median: Double
  var fastest: Double
}

/// Runs `body` once to warm caches (formatters, strings tables), then takes `samples`
/// samples of as many runs as fill about `sampleMicroseconds`, so the clock's own cost
/// stays far below a run's.
func measure(samples: Int, sampleMicroseconds: Double = 2_000, _ body: () -> Int) -> Timing {
  var sink = 0
  let warmStart = threadCPUMicroseconds()
  sink &+= body()
  let once = max(0.05, threadCPUMicroseconds() - warmStart)
  let repeats = max(1, min(10_000, Int(sampleMicroseconds / once)))
  var measured: [Double] = []
  measured.reserveCapacity(samples)
  for _ in 0..<samples {
    let start = threadCPUMicroseconds()
    for _ in 0..<repeats { sink &+= body() }
    measured.append((threadCPUMicroseconds() - start) / Double(repeats))
  }
  if sink == -1 { print("") }  // keeps the work from being optimised away
  measured.sort()
  return Timing(median: measured[measured.count / 2], fastest: measured[0])
}
