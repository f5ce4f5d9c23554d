import Foundation
import PipeDSL
import XCTest

/// Stages that keep every value until the end (collect, buffer, table, plot, marbles, log,
/// expect) cost the same per value for a long run as for a short one (a copy per value made
/// `collect` of 40k values take 9 s). The measure is how much longer four times the values
/// take, divided by the same growth for `discard`, which keeps nothing: about 1 when the
/// stage is linear, about 4 when it is quadratic. Both are measured as processor time in
/// the same process, side by side, so the machine's speed, its load and its caches cancel
/// out; the bound is generous.
final class AccumulatingStagesTests: RenderingTestCase {
  static let stages = [
    "collect", "buffer 100000 | count", "table", "plot", "marbles", "log", "expect \"a|\"",
    "expect [1, 2]",
  ]

  func testFourTimesTheValuesCostAboutFourTimesAsMuchAsKeepingNothing() {
    for stage in Self.stages {
      // Up to three rounds, each measuring discard right beside the stage, so a burst of load
      // elsewhere on the machine spoils one round, not the verdict: the first round within
      // the bound passes (a quadratic stage is out of it in every round), the best is reported.
      var rounds: [Double] = []
      while rounds.count < 3, rounds.allSatisfy({ $0 >= 2.5 }) {
        rounds.append(growth(stage) / growth("discard"))
      }
      let relative = rounds.min()!
      XCTAssertLessThan(relative, 2.5, "'\(stage)' grows \(rounds) times faster than discard")
    }
  }

  /// How many times more processor time 32,000 values take than 8,000 through `stage`.
  private func growth(_ stage: String) -> Double {
    cost { runValues(32_000, stage) } / cost { runValues(8_000, stage) }
  }

  private func runValues(_ count: Int, _ stage: String) {
    _ = run("every 1ms | take \(count) | \(stage)")
  }

  /// The processor time `work` takes, in seconds: the process's, all threads (the session
  /// runs on its loop's thread), which waiting for a busy machine does not inflate.
  private func cost(_ work: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    work()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }
}
