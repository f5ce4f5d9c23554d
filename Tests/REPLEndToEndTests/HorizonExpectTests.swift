import Foundation
import PipeProcessSupport
import XCTest

/// A pipeline that never ends under a marble `expect` (workshop exercise 05 as shipped): the
/// failure says it was still running at the horizon, and `pipe check` prints the horizon note
/// `pipe -e` prints. Starts `pipe` processes.
final class HorizonExpectTests: XCTestCase {
  let exercise = "workshop/exercises/05-the-books-handler.pipe"

  func testCheckOfANeverEndingPipelineSaysItIsStillRunningAndWhy() throws {
    let result = try PipeProcess.run(["check", exercise])
    XCTAssertEqual(result.status, 1, result.stderr)
    let actual = try XCTUnwrap(
      result.stdout.split(separator: "\n").first { $0.contains("actual:") }, result.stdout)
    XCTAssertEqual(actual.trimmingCharacters(in: .whitespaces), "actual:   ... still running at the horizon")
    XCTAssertTrue(
      result.stderr.contains("note: stopped 'weather \"London\"") && result.stderr.contains("(the horizon)"),
      result.stderr)
  }

  func testRunAndCheckBothSayStillRunningAndPrintTheNote() throws {
    let folder = try TemporaryFolder.make(for: self).path
    let script = folder + "/ticks.pipe"
    try "set horizon 1\nevery 400ms | take 5 | expect \"400ms a|\"\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    let check = try PipeProcess.run(["check", script])
    let run = try PipeProcess.run(["-e", "set horizon 1\nevery 400ms | take 5 | expect \"400ms a|\""])
    for result in [check, run] {
      let output = result.stdout + result.stderr
      XCTAssertTrue(output.contains("actual:   399ms -0 398ms -1 ... still running at the horizon"), output)
      let note = "note: stopped 'every 400ms | take 5 | expect \"400ms a|\"' after 1s of virtual time"
      XCTAssertTrue(result.stderr.contains(note), result.stderr)
    }
  }
}
