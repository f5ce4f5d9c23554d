import Foundation
import PipeProcessSupport
import XCTest

/// Limits that every stage meets in one place, whatever it does with values: how deep they
/// nest, how much a sink holds, and the caret of the stage that passed a limit on its own line
/// of a statement written over several (issue 25, item 2). Every test starts the built `pipe`.
final class StageLimitsTests: XCTestCase {
  /// One stage a line, after `  | `.
  private func statement(_ stages: [String]) -> String {
    stages.joined(separator: "\n  | ")
  }

  /// A stage that wraps values without an expression (`enumerate`) nested them past the
  /// limit: `scan` makes a list 512 levels deep (`[[1]]` is two), and `enumerate` would put it
  /// in a record 513 deep. The error names that stage, with a caret on its own line.
  func testAStageThatWrapsValuesPastTheDepthLimitEndsTheRunAtThatStage() throws {
    let run = try pipe(statement(["range(0, 511)", "scan [] { [acc] }", "enumerate", "count"]))
    assertEndsWithLimit(run, saying: "nests at most 512 levels deep (a limit of pipe) (at enumerate)")
    XCTAssertTrue(run.output.contains("\n  |   | enumerate\n  |     ^^^^^^^^^"), run.output)
  }

  /// The deepest value stages may build (a list 511 deep that `enumerate` puts in a record)
  /// goes through every sink and comparison.
  func testAValueAtTheDepthLimitBuiltByStagesGoesThroughEverySink() throws {
    let deepest = "range(0, 510) | scan [] { [acc] } | enumerate | skip 509"
    let sinks = [
      "show", "distinct | count", "map { . == . } | count", "collect", "table", "plot", "marbles", "log",
    ]
    for sink in sinks {
      let run = try pipe(deepest + " | " + sink)
      XCTAssertFalse(run.signaled, "\(sink): \(run.output)")
      XCTAssertEqual(run.status, 0, "\(sink): \(run.output)")
    }
    let expect = try pipe(deepest + " | expect [1]")
    XCTAssertFalse(expect.signaled, expect.output)
    XCTAssertTrue(expect.output.contains("expected: [1]"), expect.output)
    let json = try PipeProcess.run(["-e", deepest + " | show", "--format", "jsonl"])
    XCTAssertEqual(json.status, 0, json.output)
    XCTAssertTrue(json.stdout.contains("\"value\":" + String(repeating: "[", count: 511) + "]"), json.output)
  }

  /// A limit passed by the last stage of a statement written over three lines: the caret is
  /// under that stage on the third line, not missing.
  func testTheCaretOfALimitIsUnderTheStageOnItsLine() throws {
    let run = try pipe("range(0, 1000000000)\n  | map { . }\n  | collect")
    assertEndsWithLimit(run, saying: "collect holds at most 1000000 values")
    XCTAssertTrue(run.output.contains("(at collect)\n  |   | collect\n  |     ^^^^^^^\n"), run.output)
  }

  /// 32 MiB strings, a new one at every value, kept by `collect` under `ulimit -v 4000000`:
  /// the run aborted in malloc before the memory watch looked; `collect` now counts the bytes it
  /// holds.
  func testCollectCountsTheBytesItHoldsUnderAMemoryUlimit() throws {
    let code =
      "range(0, 100000)\n  | scan {s: \"x\"} { len(acc.s) < 33554432 ? {s: acc.s + acc.s} : {s: acc.s + str(.)} }"
      + "\n  | map { .s }\n  | collect"
    let run = try pipe(code, memory: 4_000_000)
    assertEndsWithLimit(run, saying: "collect holds at most 512 MiB of values")
    XCTAssertTrue(run.output.contains("\n  |   | collect\n  |     ^^^^^^^\n"), run.output)
  }

  /// A list that shares one value a billion times: printing it would write without end.
  func testAListThatSharesOneValueOverAndOverIsRefused() throws {
    assertEndsWithLimit(
      try pipe("range(0, 60) | scan [\"abc\"] { [acc, acc] } | count"),
      saying: "a list or record holds at most 512 MiB")
  }

  /// `buffer` holds 32 MiB strings until a hundred have come, past `ulimit -v`: whichever
  /// sees it first (the memory watch, or an allocation that fails), the run ends with a
  /// message and exit status 1, never an abort.
  func testAnAllocationThatFailsEndsTheRunWithAMessage() throws {
    let code =
      "range(0, 100000) | scan {s: \"x\"} { len(acc.s) < 33554432 ? {s: acc.s + acc.s} : {s: acc.s + str(.)} }"
      + " | map { .s } | buffer 200 | count"
    let run = try pipe(code, memory: 4_000_000)
    XCTAssertFalse(run.signaled, run.output)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("error: the run stopped: "), run.output)
    XCTAssertFalse(run.output.contains("Could not allocate memory"), run.output)
  }
}
