import Foundation
import PipeDSL
import XCTest

/// Every stage that wraps values checks how deep they nest (`Value.nests(deeperThan:)`); a
/// value wrapped by one stage after another is measured for the level each adds, not whole
/// again at every stage (`PassedDepths`): 512 `buffer 1` stages took 17 s of CPU in debug.
final class StageDepthTests: XCTestCase {
  /// What the statement prints, its error lines last.
  private func run(_ text: String) -> [String] {
    let output = BufferedOutput()
    _ = Session.make(output: output).execute(SourceFile(name: "depth.pipe", text: text))
    return output.lines + output.errorLines
  }

  private func buffers(_ count: Int) -> String {
    Array(repeating: "buffer 1", count: count).joined(separator: " | ")
  }

  /// The CPU time this process has used so far, in seconds (every thread: the session runs
  /// on its loop's).
  private func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let time = [usage.ru_utime, usage.ru_stime].map { Double($0.tv_sec) + Double($0.tv_usec) / 1e6 }
    return time[0] + time[1]
  }

  /// The 512th `buffer 1` makes a value 512 deep, which passes, in about a second of CPU in
  /// debug (17 s when each stage measured the whole value; the bound is 6 s); the 513th is
  /// refused, by name.
  func testTheStageThatPassesTheDepthLimitIsNamed() {
    let before = cpuSeconds()
    XCTAssertEqual(run("just 1 | \(buffers(512)) | take 1 | map { len(.) } | show"), ["1"])
    let used = cpuSeconds() - before
    XCTAssertLessThan(used, 6, "512 stages that wrap a value took \(used) s of CPU")
    let refused = run("just 1 | \(buffers(520)) | take 1 | map { len(.) } | show")
    XCTAssertEqual(
      refused.first?.split(separator: "\n").first,
      "error: limitExceeded — a list or record nests at most 512 levels deep (a limit of pipe) (at buffer 1)",
      "\(refused)")
  }

  /// One level at a time, each value checked as it is made: the answer changes at the limit.
  func testAValueWrappedOneLevelAtATimeIsRefusedPastTheLimit() {
    var value: Value = 1
    for level in 1...600 {
      value = level.isMultiple(of: 2) ? .list([value]) : .record(["v": value, "n": 1])
      XCTAssertEqual(value.nests(deeperThan: Value.maxDepth), level > Value.maxDepth, "level \(level)")
    }
  }

  /// A value that shares one list many times, and another built the same way but not shared:
  /// the levels kept for one are never taken for the other.
  func testLevelsKeptForOneValueAreNotTakenForAnother() {
    var deep: Value = 1
    for _ in 1...511 { deep = .list([deep]) }
    XCTAssertFalse(deep.nests(deeperThan: Value.maxDepth))
    XCTAssertFalse(Value.list([1]).nests(deeperThan: 1))
    XCTAssertTrue(Value.list([deep, 1]).nests(deeperThan: Value.maxDepth - 1))
    XCTAssertFalse(Value.list([.list([1]), 1]).nests(deeperThan: 2))
    XCTAssertTrue(Value.list([.list([1]), 1]).nests(deeperThan: 1))
    XCTAssertTrue(Value.list([]).nests(deeperThan: 0))
    XCTAssertFalse(Value.record([:]).nests(deeperThan: 1))
  }
}
