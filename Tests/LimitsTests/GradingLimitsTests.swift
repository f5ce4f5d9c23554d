import Foundation
import PipeProcessSupport
import XCTest

/// `pipe check` over a folder whose hand-ins crash, loop and eat memory grades every file and
/// writes a whole report that says what happened to each (issue 25, item 3). Every test
/// starts the built `pipe`, which starts a child `pipe` per file.
final class GradingLimitsTests: XCTestCase {
  /// A folder of hand-ins: one good, one that crashes pipe, one that never ends, one that
  /// takes memory without end.
  private func handIns() throws -> URL {
    let folder = try TemporaryFolder.make(for: self)
    let files = [
      "a-good.pipe": "just 1 | expect [1]\nof(1, 2) | expect [1, 2]\n",
      // As deep as a value may be: comparing it recurses 512 levels, past the stack
      // `ulimit -s 200` leaves (SIGSEGV), while the other scripts run within it.
      "b-crash.pipe": "range(0, 511) | scan [] { [acc] } | filter { . == [] } | expect [[]]\n",
      "c-loop.pipe": "range(0, 9000000000000000) | filter { . < 0 } | expect [1]\n",
      "d-hungry.pipe": "range(0, 900000) | map { str(.) + \"\(String(repeating: "x", count: 2000))\" } "
        + "| buffer 900000 | expect [[1]]\n",
      "e-good.pipe": "just 2 | expect [2]\n",
    ]
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// `pipe check` of `folder` in `format`, with a stack of 200 KiB (`ulimit -s`), a timeout
  /// of 5 s and 100 MiB of memory per script.
  private func check(_ folder: URL, _ format: String) throws -> PipeRun {
    let command =
      "ulimit -s 200; exec '\(Products.pipe)' check '\(folder.path)' --format \(format) --timeout 5 --max-memory 100M"
    return try Spawned(["-c", command], environment: PipeProcess.environment(), executable: "/bin/sh")
      .wait(timeout: 120)
  }

  func testTheTextReportGradesEveryFileAndSaysWhatEndedTheBadOnes() throws {
    let folder = try handIns()
    let run = try check(folder, "text")
    XCTAssertEqual(run.status, 1, run.output)
    let text = run.stdout
    XCTAssertTrue(text.contains("ok   \(folder.path)/a-good.pipe: 2 passed, 0 failed"), text)
    XCTAssertTrue(text.contains("ok   \(folder.path)/e-good.pipe: 1 passed, 0 failed"), text)
    XCTAssertTrue(text.contains("b-crash.pipe: crashed with signal 11 (SIGSEGV)"), text)
    XCTAssertTrue(
      text.contains("c-loop.pipe: timed out: it ran longer than 5 s (pipe check --timeout)"), text)
    XCTAssertTrue(
      text.contains(
        "d-hungry.pipe: exceeded the memory limit: it used more than 100 MiB (pipe check --max-memory)"),
      text)
    XCTAssertTrue(text.hasSuffix("3 passed, 3 failed\n"), text)
  }

  func testTheJUnitReportIsWholeAndValid() throws {
    let folder = try handIns()
    let run = try check(folder, "junit")
    XCTAssertEqual(run.status, 1, run.output)
    let report = folder.appendingPathComponent("report.xml")
    try run.stdout.write(to: report, atomically: true, encoding: .utf8)
    let lint = try Program.run("/usr/bin/xmllint", ["--noout", report.path])
    XCTAssertEqual(lint.status, 0, lint.output)
    XCTAssertEqual(run.stdout.components(separatedBy: "<testsuite ").count - 1, 5, run.stdout)
    XCTAssertTrue(run.stdout.contains("tests=\"6\" failures=\"3\""), run.stdout)
    for kind in ["crashed", "timeout", "memory"] {
      XCTAssertTrue(run.stdout.contains("type=\"\(kind)\""), "no failure of type \(kind):\n\(run.stdout)")
    }
  }

  func testTheTAPReportIsWholeAndProveReadsIt() throws {
    let folder = try handIns()
    let run = try check(folder, "tap")
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.stdout.hasPrefix("TAP version 13\n1..6\n"), run.stdout)
    XCTAssertEqual(run.stdout.components(separatedBy: "\nnot ok ").count - 1, 3, run.stdout)
    XCTAssertEqual(run.stdout.components(separatedBy: "\nok ").count - 1, 3, run.stdout)
    for kind in ["crashed", "timeout", "memory"] {
      XCTAssertTrue(run.stdout.contains("kind: \(kind)"), "no failure of kind \(kind):\n\(run.stdout)")
    }
    let report = folder.appendingPathComponent("report.tap")
    try run.stdout.write(to: report, atomically: true, encoding: .utf8)
    let prove = try Program.run("/bin/sh", ["-c", "prove --exec cat '\(report.path)'"])
    XCTAssertTrue(prove.output.contains("Failed 3/6 subtests"), prove.output)
  }

  func testTheLimitsAreRefusedWhenTheyAreNotSizesOrDurations() throws {
    let folder = try handIns()
    let timeout = try PipeProcess.run(["check", folder.path, "--timeout", "soon"])
    XCTAssertEqual(timeout.status, 64, timeout.output)
    XCTAssertTrue(timeout.stderr.contains("--timeout 'soon' is not a duration"), timeout.output)
    let memory = try PipeProcess.run(["check", folder.path, "--max-memory", "lots"])
    XCTAssertEqual(memory.status, 64, memory.output)
    XCTAssertTrue(memory.stderr.contains("--max-memory 'lots' is not a size"), memory.output)
  }
}
