import PipeDSL
import XCTest

/// `catch`, `catchAndReturn`, `retry`, `retryWhen` and `timeout` pass their upstream's values
/// (or their fallback's) on as they are (`CompiledStage.passing`): their per-event layer
/// stamps errors with the stage and no longer measures each value's depth. What an error
/// says after them (its kind, source and attempt, as `catch (just .)` shows the error
/// record) and the depth limit on the values they pass are as they were.
final class PassingStageTests: XCTestCase {
  /// What the statement prints, its error lines last.
  private func run(_ text: String) -> [String] { printedLines(text) }

  /// `timeout`'s own error is the engine's, named only by the stage's layer: after a retry,
  /// it names the timeout and the attempt that timed out.
  func testTheErrorATimeoutRaisesNamesItAndItsAttempt() {
    XCTAssertEqual(
      run("never | timeout 2ms | retry 2 | catch (just .) | show"),
      [#"{kind: "timeout", message: "no event within the time limit", source: "timeout 2ms", attempt: 2}"#])
    XCTAssertEqual(
      run("never | timeout 2ms | show"),
      ["error: timeout — no event within the time limit (at timeout 2ms)"])
  }

  /// An error that a stage before them raised keeps that stage and its attempt, whatever
  /// catch or retry it passes.
  func testAnErrorKeepsTheStageThatRaisedIt() {
    XCTAssertEqual(
      run(#"cold ["-#", "-#", "-#"] | retry 3 | catch (just .) | show"#),
      [
        #"{kind: "error", message: "error from a marble diagram", source: "cold [\"-#\", \"-#\", \"-#\"]", attempt: 3}"#
      ])
    XCTAssertEqual(
      run(#"cold "-#" | retryWhen immediate(2) | catch (just .) | show"#),
      [#"{kind: "error", message: "error from a marble diagram", source: "cold \"-#\"", attempt: 3}"#])
    XCTAssertEqual(
      run("never | timeout 2ms (fail offline) | retry 3 | catch (just .) | show"),
      [#"{kind: "offline", message: "offline raised by fail", source: "fail offline", attempt: 1}"#])
    XCTAssertEqual(
      run("fail serverFailure | catch just {1 / 0} | retry 2 | catch (just .) | show"),
      [#"{kind: "divisionByZero", message: "1 / 0: division by zero", source: "catch just {1 / 0}"}"#])
    XCTAssertEqual(
      run("fail serverFailure | catchAndReturn {1 / 0} | show"),
      ["error: divisionByZero — 1 / 0: division by zero (at catchAndReturn {1 / 0})"])
  }

  /// Values pass on as they are: a retried stream's values, a fallback's, and the values of a
  /// row of records through both.
  func testValuesPassAsTheyAre() {
    XCTAssertEqual(run(#"cold ["-#", "-#", "-(a|)"] | catch (fail timeout) | retry 3 | show"#), ["a"])
    XCTAssertEqual(run("fail timeout | catch (just [1, [2]]) | retry 2 | show"), ["[1, [2]]"])
    XCTAssertEqual(
      run(
        "range(0, 50) | map {[city: \"London\", temp: . % 40]} | filter {.temp > 35} "
          + "| catch (just [city: \"cache\", temp: 0]) | retry 3 | map {.temp} | show"),
      ["36", "37", "38", "39"])
  }

  private func buffers(_ count: Int) -> String {
    Array(repeating: "buffer 1", count: count).joined(separator: " | ")
  }

  /// The stage that makes a value too deep is the one refused, upstream of a retry or inside
  /// a catch's fallback: the stages that only pass values on still carry no deeper value.
  func testATooDeepValueIsRefusedWhereItIsMadeBeforeOrInsideThem() {
    XCTAssertEqual(
      run("just 1 | \(buffers(520)) | retry 2 | catch (just .) | map {[.kind, .source, .attempt]} | show"),
      [#"["limitExceeded", "buffer 1", 2]"#])
    XCTAssertEqual(
      run(
        "fail timeout | catch (just 1 | \(buffers(520))) | retry 2 | catch (just .) | map {[.kind, .source]} | show"
      ),
      [#"["limitExceeded", "buffer 1"]"#])
    XCTAssertEqual(
      run("just 1 | \(buffers(511)) | retry 2 | catch empty | take 1 | map { len(.) } | show"), ["1"])
  }
}
