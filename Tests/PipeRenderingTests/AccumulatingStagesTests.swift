import Foundation
import PipeDSL
import XCTest

/// Stages that keep every value until the end (collect, buffer, table, plot, marbles, log,
/// expect) cost the same per value for a long run as for a short one (a copy per value made
/// `collect` of 40k values take 9 s). The measure is how much longer four times the values
/// take, divided by the same growth for `discard`, which keeps nothing: about 1 when the
/// stage is linear, about 4 when it is quadratic. Both are measured in the same process, so
/// the machine's speed and its caches cancel out; the bound is generous.
final class AccumulatingStagesTests: RenderingTestCase {
  static let stages = [
    "collect", "buffer 100000 | count", "table", "plot", "marbles", "log", "expect \"a|\"",
    "expect [1, 2]",
  ]

  func testFourTimesTheValuesCostAboutFourTimesAsMuchAsKeepingNothing() {
    let baseline = growth("discard")
    for stage in Self.stages {
      let relative = growth(stage) / baseline
      XCTAssertLessThan(relative, 2.5, "'\(stage)' grows \(relative) times faster than discard")
    }
  }

  /// How many times longer 32,000 values take than 8,000 through `stage`.
  private func growth(_ stage: String) -> Double {
    fastest(of: 3) { runValues(32_000, stage) } / fastest(of: 3) { runValues(8_000, stage) }
  }

  private func runValues(_ count: Int, _ stage: String) {
    _ = run("every 1ms | take \(count) | \(stage)")
  }

  /// The shortest of `runs` timings of `work`, in seconds.
  private func fastest(of runs: Int, _ work: () -> Void) -> Double {
    (0..<runs).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      work()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }.min()!
  }
}
