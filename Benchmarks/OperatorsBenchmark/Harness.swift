import Foundation

/// One measured row of the table.
struct Row {
  var benchCase: String
  var impl: String
  var nsPerOp: Double
  var peakRSSMB: Double
  var note: String = ""

  var opsPerSecond: Double { nsPerOp > 0 ? 1e9 / nsPerOp : 0 }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// What the measured closures count into. A captured `var` would pay a dynamic exclusivity
/// check (about 70 instructions) on every write: the benchmark's cost, not the engine's, so
/// every implementation writes here instead.
final class Tally {
  @exclusivity(unchecked) var value = 0
}

/// A store the optimiser must keep: the fused loop writes through it.
nonisolated(unsafe) var observedSink = 0

enum Harness {
  /// `BENCH_DIVISOR=n` divides every case's count by n, for runs under callgrind.
  static let divisor = max(1, Int(ProcessInfo.processInfo.environment["BENCH_DIVISOR"] ?? "") ?? 1)

  /// `BENCH_PIPE_ONLY=1` runs pipe's own rows only, without the comparisons (OpenCombine, the
  /// hand chain, the fused loops): under callgrind they take most of the time.
  static let pipeOnly = ProcessInfo.processInfo.environment["BENCH_PIPE_ONLY"].map { !$0.isEmpty } ?? false

  /// The rows `rows` measures, unless `BENCH_PIPE_ONLY` is set.
  static func comparisons(_ rows: () -> [Row]) -> [Row] { pipeOnly ? [] : rows() }

  /// A case's operation count, divided by `BENCH_DIVISOR`.
  static func scaled(_ count: Int) -> Int { max(1, count / divisor) }

  /// Runs `body` `repetitions` times and returns the best time per operation in ns.
  static func best(repetitions: Int = 5, operations: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
      best = min(best, elapsed / Double(operations))
    }
    return best
  }

  /// Resets the kernel's peak-RSS mark so the next reading is this case's own.
  static func resetPeakRSS() {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
  }

  /// The peak resident set size since the last reset, in MiB (VmHWM).
  static func peakRSSMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return digits / 1024
    }
    return 0
  }

  /// Measures one implementation of one case.
  static func measure(
    _ benchCase: String, _ impl: String, operations: Int, repetitions: Int = 5,
    note: String = "", _ body: () -> Void
  ) -> Row {
    resetPeakRSS()
    let ns = best(repetitions: repetitions, operations: operations, body)
    return Row(benchCase: benchCase, impl: impl, nsPerOp: ns, peakRSSMB: peakRSSMB(), note: note)
  }
}
