import Foundation
import PipeProcessSupport
import XCTest

/// A write to standard output that fails (here `> /dev/full`, ENOSPC) is an error on
/// standard error and exit status 74, whichever command wrote: a CI report is never silently
/// empty. Every test here starts `pipe` processes (through `sh`, which redirects).
final class WriteErrorTests: XCTestCase {
  /// `pipe ARGUMENTS > /dev/full`, run in the repository's root.
  private func runIntoAFullDisk(_ arguments: [String], input: String = "") throws -> PipeRun {
    let process = try Spawned(
      ["-c", "exec \"$0\" \"$@\" > /dev/full", Products.pipe] + arguments,
      environment: PipeProcess.environment(), executable: "/bin/sh", directory: PipeProcess.repository)
    process.send(input)
    process.closeInput()
    return process.wait(timeout: 60)
  }

  private func assertLost(_ arguments: [String], input: String = "", line: UInt = #line) throws {
    guard FileManager.default.isWritableFile(atPath: "/dev/full") else {
      throw MissingTestSetup("/dev/full is not there")
    }
    let result = try runIntoAFullDisk(arguments, input: input)
    XCTAssertFalse(result.signaled, "\(arguments): \(result.stderr)", line: line)
    XCTAssertEqual(result.status, 74, "\(arguments): \(result.stderr)", line: line)
    // What stdio lost (`print`) is known only as lost by the exit: its reason may be EIO.
    XCTAssertTrue(
      result.stderr.contains("error: cannot write standard output: No space left on device")
        || result.stderr.contains("error: cannot write standard output: Input/output error"),
      "\(arguments): \(result.stderr)", line: line)
  }

  func testEveryCommandThatWritesStandardOutputFailsWhenTheWriteFails() throws {
    let exercise = "workshop/exercises/01-fallback-value.pipe"
    try assertLost(["-e", "just 1 | show"])
    try assertLost(["-e", "of(1, 2, 3) | marbles"])
    try assertLost(["-e", "just 1 | show", "--format", "jsonl"])
    try assertLost(["run", "examples/chapter/07-custom-errors.pipe"])
    try assertLost(["run", "examples/chapter/05-backoff.pipe", "--format", "jsonl"])
    try assertLost([], input: "just 1 | show\n")
    try assertLost(["check", exercise])
    try assertLost(["check", exercise, "--format", "junit"])
    try assertLost(["check", exercise, "--format", "tap"])
    try assertLost(["export", "--to", "rxswift", "examples/chapter/05-backoff.pipe"])
    try assertLost(["export", "--to", "rxjs", "--code", "just 1 | retry 3"])
    try assertLost(["docs", "operators"])
    try assertLost(["--help"])
  }

  func testAWriteThatSucceedsKeepsItsStatus() throws {
    let fine = try PipeProcess.run(["-e", "just 1 | show"])
    XCTAssertEqual(fine.status, 0)
    XCTAssertEqual(fine.stdout, "1\n")
    // Nothing written to a full disk: nothing lost.
    let silent = try runIntoAFullDisk(["-e", "just 1 | discard"])
    XCTAssertEqual(silent.status, 0, silent.stderr)
    XCTAssertEqual(silent.stderr, "")
  }
}
