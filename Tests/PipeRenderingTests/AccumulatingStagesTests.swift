import Foundation
import PipeDSL
import XCTest

/// Stages that keep every value until the end (collect, buffer, table, plot, marbles, log,
/// expect) cost the same per value for a long run as for a short one: four times the values
/// take about four times as long, not sixteen (a copy per value made `collect` of 40k values
/// take 9 s). The measure is a ratio of two runs in the same process, so the machine's speed
/// cancels out; the bound is generous.
final class AccumulatingStagesTests: RenderingTestCase {
  static let stages = [
    "collect", "buffer 100000 | count", "table", "plot", "marbles", "log", "expect \"a|\"",
    "expect [1, 2]",
  ]

  func testFourTimesTheValuesTakeAboutFourTimesAsLong() {
    for stage in Self.stages {
      let short = fastest(of: 3) { runValues(4_000, stage) }
      let long = fastest(of: 3) { runValues(16_000, stage) }
      XCTAssertLessThan(long / short, 9, "'\(stage)': 4000 values \(short) s, 16000 values \(long) s")
    }
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
