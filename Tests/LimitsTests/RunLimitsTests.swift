import Foundation
import PipeProcessSupport
import XCTest

/// A run that passes one of pipe's limits ends with an error and exit status 1, never a
/// signal (issue 25, item 2). Every test starts the built `pipe`.
final class RunLimitsTests: XCTestCase {
  func testAValueNestedDeeperThanTheLimitEndsTheRunWithAnError() throws {
    let run = try pipe("range(0, 100000) | scan [] { [acc] } | count")
    assertEndsWithLimit(run, saying: "nests at most 512 levels deep")
    let caret = "  | range(0, 100000) | scan [] { [acc] } | count\n  |                    ^^^^^^^^^^^^^^^^^"
    XCTAssertTrue(run.stderr.contains(caret), "a caret under the stage:\n\(run.output)")
  }

  func testARecordNestedDeeperThanTheLimitEndsTheRunToo() throws {
    assertEndsWithLimit(
      try pipe("range(0, 100000) | scan {} { {inner: acc} } | count"), saying: "nests at most 512 levels deep"
    )
  }

  /// Values as deep as the limit are printed, compared and written as JSON.
  func testAValueAtTheLimitIsPrintedComparedAndWrittenAsJSON() throws {
    let deepest = "range(0, 511) | scan [] { [acc] }"
    let shown = try pipe("\(deepest) | last")
    XCTAssertEqual(shown.status, 0, shown.output)
    XCTAssertTrue(shown.stdout.hasPrefix(String(repeating: "[", count: 512) + "]"), shown.output)
    let compared = try pipe("\(deepest) | map { . == . } | last")
    XCTAssertEqual(compared.stdout, "true\n", compared.output)
    let json = try PipeProcess.run(["-e", "\(deepest) | last", "--format", "jsonl"])
    XCTAssertEqual(json.status, 0, json.output)
    XCTAssertTrue(json.stdout.contains(String(repeating: "[", count: 512)), json.output)
  }

  /// `range(0, 1000000000) | collect` under `ulimit -v 4000000` aborted in malloc.
  func testCollectStopsAtItsLimitUnderAMemoryUlimit() throws {
    let run = try pipe("range(0, 1000000000) | collect", memory: 4_000_000)
    assertEndsWithLimit(run, saying: "collect holds at most 1000000 values")
    XCTAssertTrue(
      run.output.contains("  | range(0, 1000000000) | collect\n  |                        ^^^^^^^"),
      run.output)
  }

  func testTableStopsAtItsLimit() throws {
    assertEndsWithLimit(
      try pipe("range(0, 1000000000) | table"), saying: "table holds at most 1000000 values")
  }

  func testAListJoinedPastTheLimitEndsTheRun() throws {
    assertEndsWithLimit(
      try pipe("range(0, 100) | scan [1] { acc + acc } | count"),
      saying: "a list holds at most 1000000 values")
  }

  func testAStringJoinedPastTheLimitEndsTheRun() throws {
    assertEndsWithLimit(
      try pipe("range(0, 100) | scan \"ab\" { acc + acc } | count"), saying: "a string holds at most 64 MiB")
  }

  func testATraceStopsAtItsLimit() throws {
    assertEndsWithLimit(
      try pipe("range(0, 100000000) | marbles"), saying: "the trace of a run holds at most 2000000 events")
  }

  func testBufferLargerThanTheLimitIsRefusedWithACaret() throws {
    let run = try pipe("range(0, 3) | buffer 2000000")
    XCTAssertEqual(run.status, 2, run.output)
    XCTAssertTrue(run.stderr.contains("at most 1000000"), run.output)
    XCTAssertTrue(run.stderr.contains("^^^^^^^"), "a caret under the number:\n\(run.output)")
  }

  /// `plot` of `±1e308 * 10` died of SIGILL in `Sparkline.draw`.
  func testPlotDrawsTheFiniteNumbersAndCountsTheOthers() throws {
    let run = try pipe("of(1, 2, 1e308) | map { . * 10 } | plot")
    XCTAssertFalse(run.signaled, run.output)
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.stdout.contains("1 not drawn (inf or nan)"), run.output)
    let none = try pipe("of(1e308, -1e308) | map { . * 10 } | plot")
    XCTAssertEqual(none.status, 0, none.output)
    XCTAssertTrue(none.stdout.contains("no finite numbers to plot; 2 not drawn"), none.output)
  }

  /// Values from -1e308 to 1e308: their difference overflows a double.
  func testPlotOfTheWidestFiniteRangeDraws() throws {
    let run = try pipe("of(1, -1, 0.5) | map { . * 1.7e308 } | plot")
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.stdout.contains("3 values"), run.output)
  }

  /// 900,000 values of 2 kB each, held by `buffer`: 1.8 GB.
  private let hungry =
    "range(0, 900000) | map { str(.) + \"\(String(repeating: "x", count: 2000))\" } | buffer 900000 | count"

  func testARunPastMaxMemoryStopsWithAnError() throws {
    let run = try PipeProcess.run(["-e", hungry, "--max-memory", "200M"], timeout: 120)
    XCTAssertFalse(run.signaled, run.output)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(
      run.stderr.contains("error: the run stopped: it used more than 200 MiB of memory (pipe --max-memory)"),
      run.output)
  }
}
