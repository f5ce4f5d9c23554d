import XCTest

/// `pipe` with standard input from a pipe or a file: a script, no prompt, no colour.
final class PipedUseTests: XCTestCase {
  func testStandardInputRunsAsAScript() throws {
    let result = try PipeBinary.run([], input: "just 1 | map { . + 1 }\nof(\"a\", \"b\")\n")
    XCTAssertEqual(result.output, "2\na\nb\n")
    XCTAssertEqual(result.error, "")
    XCTAssertEqual(result.status, 0)
  }

  func testAFailedStatementMakesTheExitStatusOne() throws {
    let result = try PipeBinary.run(
      [], input: "fail serverFailure\njust 2\n", environment: ["TERM": "xterm-256color"])
    XCTAssertEqual(result.output, "2\n")
    XCTAssertTrue(result.error.hasPrefix("error: serverFailure"), result.error)
    XCTAssertFalse(result.error.contains("\u{1B}["), "no colour on a pipe")
    XCTAssertEqual(result.status, 1)
  }

  func testACompileErrorMakesTheExitStatusTwo() throws {
    let result = try PipeBinary.run([], input: "just 1 | fliter { . > 0 }\n")
    XCTAssertEqual(result.output, "")
    XCTAssertTrue(result.error.contains("did you mean 'filter'?"), result.error)
    XCTAssertEqual(result.status, 2)
  }

  func testPromptCommandsAreNotedAndIgnored() throws {
    let result = try PipeBinary.run([], input: ":help\njust 1\n")
    XCTAssertEqual(result.output, "1\n")
    XCTAssertTrue(result.error.contains("':help' is a prompt command"), result.error)
  }

  func testInputReadsStandardInputInAScript() throws {
    let result = try PipeBinary.run(
      ["-e", "input \"city> \" | map { len(.) }"], input: "Oslo\nLima\n\nignored\n")
    XCTAssertEqual(result.output, "4\n4\n")
    XCTAssertEqual(result.status, 0)
  }

  func testAskIsAnsweredByTheAnswerOption() throws {
    let asking = "cold [\"#\", \"(a|)\"] | catch ask"
    XCTAssertEqual(try PipeBinary.run(["-e", asking, "--answer", "retry"]).output, "a\n")
    XCTAssertEqual(try PipeBinary.run(["-e", asking, "--answer", "default"]).output, "null\n")
    let failed = try PipeBinary.run(["-e", asking])
    XCTAssertEqual(failed.output, "")
    XCTAssertEqual(failed.status, 1)
  }
}
