import PipeProcessSupport
import XCTest

/// `pipe` with standard input from a pipe or a file: a script, no prompt, no colour.
final class PipedUseTests: XCTestCase {
  func testStandardInputRunsAsAScript() throws {
    let result = try PipeProcess.run([], input: "just 1 | map { . + 1 }\nof(\"a\", \"b\")\n")
    XCTAssertEqual(result.stdout, "2\na\nb\n")
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(result.status, 0)
  }

  func testAFailedStatementMakesTheExitStatusOne() throws {
    let result = try PipeProcess.run(
      [], input: "fail serverFailure\njust 2\n", environment: ["TERM": "xterm-256color"])
    XCTAssertEqual(result.stdout, "2\n")
    XCTAssertTrue(result.stderr.hasPrefix("error: serverFailure"), result.stderr)
    XCTAssertFalse(result.stderr.contains("\u{1B}["), "no colour on a pipe")
    XCTAssertEqual(result.status, 1)
  }

  func testACompileErrorMakesTheExitStatusTwo() throws {
    let result = try PipeProcess.run([], input: "just 1 | fliter { . > 0 }\n")
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.contains("did you mean 'filter'?"), result.stderr)
    XCTAssertEqual(result.status, 2)
  }

  func testPromptCommandsAreNotedAndIgnored() throws {
    let result = try PipeProcess.run([], input: ":help\njust 1\n")
    XCTAssertEqual(result.stdout, "1\n")
    XCTAssertTrue(result.stderr.contains("':help' is a prompt command"), result.stderr)
  }

  func testInputReadsStandardInputInAScript() throws {
    let result = try PipeProcess.run(
      ["-e", "input \"city> \" | map { len(.) }"], input: "Oslo\nLima\n\nignored\n")
    XCTAssertEqual(result.stdout, "4\n4\n")
    XCTAssertEqual(result.status, 0)
  }

  func testAskIsAnsweredByTheAnswerOption() throws {
    let asking = "cold [\"#\", \"(a|)\"] | catch ask"
    XCTAssertEqual(try PipeProcess.run(["-e", asking, "--answer", "retry"]).stdout, "a\n")
    XCTAssertEqual(try PipeProcess.run(["-e", asking, "--answer", "default"]).stdout, "null\n")
    let failed = try PipeProcess.run(["-e", asking])
    XCTAssertEqual(failed.stdout, "")
    XCTAssertEqual(failed.status, 1)
  }

  /// A real-clock pipeline piped into another program (`tee`, `jq`) is seen as it runs, not
  /// all at once when pipe ends.
  func testValuesOnThePipeComeAsTheyHappen() throws {
    for format in [[], ["--format", "jsonl"]] {
      let process = try Spawned(
        ["--clock", "real", "-e", "every 300ms | take 20"] + format, environment: PipeProcess.environment())
      defer { process.killGroup() }
      XCTAssertTrue(process.waitForOutput("0", timeout: 20), "nothing came: \(format)")
      // The last value, 19: a line of its own, or a jsonl value (a real-clock t_ms such as
      // 5.283119 may hold the digits 19 long before).
      let last = format.isEmpty ? "\n19\n" : "\"value\":19}"
      XCTAssertFalse(
        ("\n" + process.stdout).contains(last), "the first value came only with the last: \(format)")
    }
  }
}
