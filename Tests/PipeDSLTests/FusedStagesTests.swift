import Foundation
import PipeDSL
import XCTest

/// `map`, `filter` and `scan` side by side run as one engine operator unless a tracer must see
/// each of them: values, errors, early stops and traces are what the stages one by one give.
final class FusedStagesTests: XCTestCase {
  /// What the statement prints, its error lines last.
  func run(_ text: String) -> [String] {
    let output = BufferedOutput()
    _ = Session.make(output: output).execute(SourceFile(name: "fused.pipe", text: text))
    return output.lines + output.errorLines
  }

  func testARowOfStagesGivesEveryStepsResult() {
    XCTAssertEqual(
      run("range(1, 6) | map {. * 10} | filter {. > 20} | scan 0 {acc + .} | map {. + 1} | show"),
      ["31", "71", "121", "181"])
    XCTAssertEqual(
      run("range(0, 1000) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last"), ["499000"])
  }

  /// Each subscription starts the accumulator again at the seed.
  func testScanStartsAgainForEverySubscription() {
    XCTAssertEqual(
      run(#"cold "-1-2-#" | scan 0 {acc + .} | filter {. > 0} | retry 2 | show"#),
      ["1", "3", "1", "3", "error: error — error from a marble diagram (at cold \"-1-2-#\")"])
  }

  /// The stage that fails is named, and the source stops at once: this range would take
  /// minutes to run out.
  func testAnErrorNamesItsStageAndStopsTheSource() {
    XCTAssertEqual(
      run(
        "range(0, 1000000000000) | map {. * 2} | filter {. > 0} | map {. - \"a\"} | scan 0 {acc + .} | show"),
      ["error: typeError — cannot apply '-' to int 2 and string \"a\" (at map {. - \"a\"})"])
  }

  func testAGroupOfStagesFusesToo() {
    XCTAssertEqual(
      run("of(1, 2, 3) | (map {. * 3} | filter {. != 6}) | scan 0 {acc + .} | show"), ["3", "12"])
  }

  /// With `log`, every stage still reports its own events.
  func testTheLogSeesEveryStage() {
    let lines = run("of(1, 2) | map {. * 10} | filter {. > 10} | scan 0 {acc + .} | log")
    assertEachSubscribesOnce(lines, ["#1 map {. * 10}", "#2 filter {. > 10}", "#3 scan 0 {acc + .}"])
    XCTAssertTrue(has(lines, "#1 map {. * 10}", "next 10"), "\(lines)")
    XCTAssertTrue(has(lines, "#2 filter {. > 10}", "next 20"), "\(lines)")
    XCTAssertFalse(has(lines, "#2 filter {. > 10}", "next 10"), "\(lines)")
    XCTAssertTrue(has(lines, "#3 scan 0 {acc + .}", "next 20"), "\(lines)")
  }

  /// Whether a log line of `stage` ends with `event`.
  func has(_ lines: [String], _ stage: String, _ event: String) -> Bool {
    lines.contains { $0.contains(stage) && $0.hasSuffix(event) }
  }

  func assertEachSubscribesOnce(_ lines: [String], _ stages: [String], line: UInt = #line) {
    for stage in stages {
      XCTAssertEqual(
        lines.filter { $0.contains(stage) && $0.hasSuffix("subscribe") }.count, 1, "\(stage): \(lines)",
        line: line)
    }
  }

  // `range` runs the row after it in its own loop: the same values, turns, counts and traces.

  func testRangeWithTheRowInItsLoopGivesTheSameValues() {
    XCTAssertEqual(
      run("range(1, 10) | map {. * 3} | filter {. % 2 == 1} | take 3 | scan 0 {acc + .} | show"),
      ["3", "12", "27"])
    XCTAssertEqual(run("range(1, 5) | filter {. > 9} | count"), ["0"])
  }

  /// A value the row drops still takes its turn on the trampoline: two ranges merged
  /// interleave as they do with the stages one by one (RxSwift's `range` on
  /// `CurrentThreadScheduler`).
  func testAValueTheRowDropsStillTakesItsTurn() {
    let merged =
      "range(1, 4) | filter {. % 2 == 0} | map {. * 10} | merge (range(5, 3) | map {. + 0}) | show"
    XCTAssertEqual(run(merged), ["5", "20", "6", "7", "40"])
  }

  /// Every stage of the row and the source count a subscription, once per attempt.
  func testEveryStageCountsItsAttempts() {
    XCTAssertEqual(
      run(#"range(1, 3) | map {. - "a"} | filter {. > 0} | retry 2 | catchAndReturn 0 | expect attempts 3"#),
      [])
  }

  /// With a tracer, range and each stage of the row report their own events.
  func testTheLogSeesRangeAndEveryStage() {
    let lines = run("range(1, 2) | map {. * 10} | filter {. > 10} | log")
    assertEachSubscribesOnce(lines, ["#0 range(1, 2)", "#1 map {. * 10}", "#2 filter {. > 10}"])
    XCTAssertTrue(has(lines, "#0 range(1, 2)", "next 1"), "\(lines)")
    XCTAssertTrue(has(lines, "#1 map {. * 10}", "next 10"), "\(lines)")
    XCTAssertFalse(has(lines, "#2 filter {. > 10}", "next 10"), "\(lines)")
    XCTAssertTrue(has(lines, "#2 filter {. > 10}", "next 20"), "\(lines)")
  }

  // On `range`, a row whose every stage has an int path keeps its values ints; where a stage
  // cannot decide (an overflow, a result that is not an int), the value path takes over from
  // that stage, with what the stages before it did: the output is the value path's.

  func testAnOverflowOnTheIntPathIsTheValuePathsError() {
    XCTAssertEqual(
      run("range(9223372036854775800, 5) | map {. + 5} | filter {. % 2 == 1} | show"),
      [
        "9223372036854775805", "9223372036854775807",
        "error: overflow — '+' on 9223372036854775803 and 5 overflows an int (at map {. + 5})",
      ])
  }

  /// The accumulator is left as it was when the int path cannot decide, and the value path
  /// fails with the sum it would have made.
  func testAScanThatOverflowsFailsWithItsAccumulator() {
    XCTAssertEqual(
      run("range(4611686018427387900, 3) | scan 0 {acc + .} | map {. - 1} | show"),
      [
        "4611686018427387899", "9223372036854775800",
        "error: overflow — '+' on 9223372036854775801 and 4611686018427387902 overflows an int "
          + "(at scan 0 {acc + .})",
      ])
  }

  func testAStageThatMakesNoIntHandsOverToTheValuePath() {
    XCTAssertEqual(
      run("range(1, 6) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | map {. < 10} | show"),
      ["true", "false", "false"])
    XCTAssertEqual(
      run("range(1, 4) | map {. * 3} | scan 0.5 {acc + .} | show"), ["3.5", "9.5", "18.5", "30.5"])
    XCTAssertEqual(
      run("range(1, 5) | filter {. % 2} | map {. * 2} | show"),
      ["error: typeError — expected a bool (true or false), found int 1 (at filter {. % 2})"])
    XCTAssertEqual(run("range(-3, 4) | map {. % 2} | filter {. != 0} | show"), ["-1", "-1"])
  }

  /// The stage that cannot decide takes over, not one before it, in a row of any length.
  func testTheStageThatCannotDecideTakesOver() {
    XCTAssertEqual(
      run("range(1, 3) | map {. + 1} | filter {. > 0} | map {. * 10} | map {. == 20} | show"),
      ["true", "false", "false"])
    XCTAssertEqual(
      run("range(1, 3) | map {. + 1} | map {. + 1} | map {. + 1} | map {. * 10} | map {. == 50} | show"),
      ["false", "true", "false"])
    XCTAssertEqual(
      run("range(1, 3) | map {. + 1} | map {. + 1} | map {. + 1} | map {. * 10} | map {. == 50} | last"),
      ["false"])
  }

  // A row on `range` that ends the pipeline before `last` or `discard` keeps only the last
  // value it passes and hands it to the sink with the completion: what the sink prints, and
  // how the run ends, are what every value delivered gives.

  func testLastGetsTheRowsLastValue() {
    XCTAssertEqual(run("range(1, 5) | map {. * 10} | filter {. < 35} | last"), ["30"])
    XCTAssertEqual(run("range(1, 4) | map {. * 3} | scan 0.5 {acc + .} | last"), ["30.5"])
    XCTAssertEqual(run("range(1, 6) | map {. * 2} | scan 0 {acc + .} | map {. < 10} | last"), ["false"])
    XCTAssertEqual(
      run("range(1, 5) | map {. * 10} | filter {. < 35} | map {. - \"a\"} | last"),
      ["error: typeError — cannot apply '-' to int 10 and string \"a\" (at map {. - \"a\"})"])
  }

  /// `last` of a stream without values prints nothing; `discard` never prints a value.
  func testLastOfNoValuesAndDiscardPrintNothing() {
    XCTAssertEqual(run("range(1, 5) | filter {. > 9} | last"), [])
    XCTAssertEqual(run("range(1, 0) | map {. * 2} | last"), [])
    XCTAssertEqual(run("range(1, 5) | map {. * 2} | discard"), [])
    XCTAssertEqual(run("range(1, 5) | map {. > 2} | discard"), [])
  }

  /// An error ends the run without the last value kept before it.
  func testAnErrorAfterKeptValuesIsAllLastPrints() {
    XCTAssertEqual(
      run("range(9223372036854775800, 5) | map {. + 5} | filter {. % 2 == 1} | last"),
      ["error: overflow — '+' on 9223372036854775803 and 5 overflows an int (at map {. + 5})"])
    XCTAssertEqual(
      run("range(9223372036854775800, 5) | map {. + 5} | discard"),
      ["error: overflow — '+' on 9223372036854775803 and 5 overflows an int (at map {. + 5})"])
    XCTAssertEqual(
      run("range(1, 3) | map {. * 2.5} | map {. - \"a\"} | last"),
      ["error: typeError — cannot apply '-' to double 2.5 and string \"a\" (at map {. - \"a\"})"])
  }

  /// Only a row that the sink follows keeps its last value: a stage between them gets every
  /// value.
  func testAStageAfterTheRowGetsEveryValue() {
    XCTAssertEqual(run("range(1, 10) | map {. * 3} | take 2 | last"), ["6"])
    XCTAssertEqual(run("range(1, 3) | map {. * 3} | startWith 0 | last"), ["9"])
    XCTAssertEqual(run("range(1, 3) | map {. * 3} | count"), ["3"])
    XCTAssertEqual(run("range(1, 3) | map {. * 3} | collect"), ["[3, 6, 9]"])
  }

  /// With `--format jsonl`, every stage before `last` still reports each of its values.
  func testEventLinesSeeEveryValueBeforeLast() {
    let output = BufferedOutput()
    let records = BufferedOutput()
    let session = Session.make(
      services: Services(
        output: output, eventLines: EventLines(redactor: Redactor(settings: Settings())) { records.line($0) })
    )
    _ = session.execute(SourceFile(name: "fused.pipe", text: "range(1, 3) | map {. * 2} | last"))
    XCTAssertEqual(output.lines, ["6"])
    let nexts = records.lines.filter { $0.contains(#""kind":"next""#) }
    XCTAssertEqual(nexts.count, 6, "\(records.lines)")
  }

  /// Ctrl-C stops a row that keeps its values, however long its range: no value is printed.
  func testCtrlCStopsARowThatKeepsItsValues() {
    let output = BufferedOutput()
    let session = Session.make(output: output)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = session.execute(
        SourceFile(name: "fused.pipe", text: "range(0, 1000000000000) | map {. * 2} | filter {. > 0} | last"))
      done.signal()
    }
    let deadline = Date().addingTimeInterval(20)
    while !session.isRunningInForeground {
      guard Date() < deadline else { return XCTFail("the run never started") }
      usleep(1_000)
    }
    session.interrupt()
    XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "Ctrl-C did not stop the run")
    XCTAssertEqual(output.lines, [])
    XCTAssertEqual(
      output.errorLines,
      ["note: stopped 'range(0, 1000000000000) | map {. * 2} | filter {. > 0} | last' (Ctrl-C)"])
  }
}
