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
    for stage in ["#1 map {. * 10}", "#2 filter {. > 10}", "#3 scan 0 {acc + .}"] {
      XCTAssertEqual(
        lines.filter { $0.contains(stage) && $0.hasSuffix("subscribe") }.count, 1, "\(stage): \(lines)")
    }
    XCTAssertTrue(lines.contains { $0.contains("#1 map {. * 10}") && $0.hasSuffix("next 10") }, "\(lines)")
    XCTAssertTrue(lines.contains { $0.contains("#2 filter {. > 10}") && $0.hasSuffix("next 20") }, "\(lines)")
    XCTAssertFalse(
      lines.contains { $0.contains("#2 filter {. > 10}") && $0.hasSuffix("next 10") }, "\(lines)")
    XCTAssertTrue(
      lines.contains { $0.contains("#3 scan 0 {acc + .}") && $0.hasSuffix("next 20") }, "\(lines)")
  }
}
