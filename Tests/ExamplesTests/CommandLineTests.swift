import Foundation
import PipeProcessSupport
import XCTest

/// The `pipe` command end to end: `-e`, `run`, `check`, what they print and how they exit.
final class CommandLineTests: XCTestCase {
  func testEvaluatesACommandLineProgram() throws {
    let result = try PipeProcess.run(["-e", #"cold ["100ms #", "100ms #", "100ms (a|)"] | retry 3 | show"#])
    XCTAssertEqual(result.stdout, "a\n")
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(result.status, 0)
  }

  func testRunsAScriptFileStatementByStatement() throws {
    let script = try temporaryScript(
      """
      let flaky = cold ["-#", "-(a|)"]
      flaky | retry 2 | show
      of(1, 2, 3) | scan 0 { acc + . } | last
      """)
    let result = try PipeProcess.run(["run", script.path])
    XCTAssertEqual(result.stdout, "a\n6\n")
    XCTAssertEqual(result.status, 0)
  }

  /// `set horizon 1e10; every 1s | take 3 | show` died with SIGILL: a number out of range is
  /// refused where it is written, with the range, and nothing runs.
  func testNumbersOutOfRangeAreRefusedWithTheirRangeNotACrash() throws {
    let horizon = try PipeProcess.run(["-e", "set horizon 1e10; every 1s | take 3 | show"])
    XCTAssertEqual(horizon.status, 2, horizon.stderr)
    XCTAssertEqual(horizon.stdout, "")
    XCTAssertTrue(
      horizon.stderr.hasPrefix("<-e>:1:13: error: 'horizon' takes a number from 0.001 to 3600000"),
      horizon.stderr)
    let delay = try PipeProcess.run(["-e", "just 1 | delay 10000000000000 | show"])
    XCTAssertEqual(delay.status, 2, delay.stderr)
    XCTAssertTrue(delay.stderr.contains("a duration is from 0 to 1000h"), delay.stderr)
    let speed = try PipeProcess.run(["--clock", "real", "--speed", "1e300", "-e", "timer 1s | show"])
    XCTAssertEqual(speed.status, 64, speed.stderr)
    XCTAssertTrue(
      speed.stderr.contains("--speed must be a number from 0.001 to 1000, not 1e+300"), speed.stderr)
  }

  func testAnUnhandledErrorExitsOneAndNamesItsStage() throws {
    let result = try PipeProcess.run(["-e", #"just 1 | concat (fail serverFailure "HTTP 500") | show"#])
    XCTAssertEqual(result.stdout, "1\n")
    XCTAssertEqual(result.stderr, "error: serverFailure — HTTP 500 (at fail serverFailure \"HTTP 500\")\n")
    XCTAssertEqual(result.status, 1)
  }

  func testARunTimeTypeErrorExitsOne() throws {
    let result = try PipeProcess.run(["-e", #"just "a" | map { . - 1 }"#])
    XCTAssertEqual(
      result.stderr, "error: typeError — cannot apply '-' to string \"a\" and int 1 (at map { . - 1 })\n")
    XCTAssertEqual(result.status, 1)
  }

  func testAFailedExpectationExitsOne() throws {
    let result = try PipeProcess.run(["-e", #"cold "-a|" | expect "-b|""#])
    XCTAssertTrue(
      result.stderr.hasPrefix(
        """
        <-e>:1: expectation failed: cold "-a|" | expect "-b|"
          expected: -b|
          actual:   -a|
          first difference: at 1ms expected b, got a

        """), result.stderr)
    // Then the same two streams drawn as lanes on one time axis.
    XCTAssertTrue(result.stderr.contains("  expected  ^"), result.stderr)
    XCTAssertTrue(result.stderr.contains("  actual    ^"), result.stderr)
    XCTAssertEqual(result.status, 1)
  }

  func testACompileErrorExitsTwoAndRunsNothing() throws {
    let result = try PipeProcess.run(["-e", "just 1 | show\njust 2 | fliter { . > 1 }"])
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderr,
      """
      <-e>:2:10: error: unknown operator 'fliter'
      2 | just 2 | fliter { . > 1 }
        |          ^^^^^^
        = help: did you mean 'filter'?

      """)
    XCTAssertEqual(result.status, 2)
  }

  func testCheckReportsAFailingScriptWithExpectedAboveActual() throws {
    let script = try temporaryScript(
      """
      # one expectation holds, one does not
      cold "-a-b|" | expect "-a-b|"
      cold "-a-b|" | retry 2 | expect "-a-c|"
      """)
    let result = try PipeProcess.run(["check", script.path])
    XCTAssertTrue(
      result.stdout.hasPrefix(
        """
        \(script.path):3: expectation failed: cold "-a-b|" | retry 2 | expect "-a-c|"
          expected: -a-c|
          actual:   -a-b|
          first difference: at 3ms expected c, got b

        """), result.stdout)
    XCTAssertTrue(result.stdout.contains("  expected  ^"), result.stdout)
    XCTAssertTrue(
      result.stdout.hasSuffix("FAIL \(script.path): 1 passed, 1 failed\n1 passed, 1 failed\n"), result.stdout)
    XCTAssertEqual(result.status, 1)
  }

  func testCheckCountsAScriptThatDoesNotCompileAsAFailure() throws {
    let script = try temporaryScript("just 1 | expect [1]\njust 1 | retry \"x\" | expect [1]\n")
    let result = try PipeProcess.run(["check", script.path])
    XCTAssertEqual(result.stdoutLines.last, "0 passed, 1 failed")
    XCTAssertTrue(
      result.stdout.contains("\(script.path):2:16: error: expected a whole number, found a string"))
    XCTAssertEqual(result.status, 1)
  }

  private func temporaryScript(_ text: String) throws -> URL {
    let folder = try TemporaryFolder.make(for: self)
    let file = folder.appendingPathComponent("script.pipe")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }
}
