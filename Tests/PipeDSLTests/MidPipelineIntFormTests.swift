import Foundation
import PipeDSL
import XCTest

/// `. op (. op k)` (`. - . % 2`) has an int form, so a row on `range` with it and `distinct`,
/// `take` or `skip` in the middle keeps its values ints: it gives what the stages one by one
/// give on values (as `log` builds them), overflow included.
final class MidPipelineIntFormTests: XCTestCase {
  func run(_ text: String) -> [String] { printedLines(text) }

  func testTheElementLessItsRemainder() {
    let statement = "range(0, 12) | map {. - . % 2} | distinct | filter {. % 4 == 0}"
    XCTAssertEqual(run(statement + " | show"), ["0", "4", "8"])
    XCTAssertEqual(loggedValues(statement, lastStage: "#3 filter"), ["0", "4", "8"])
    XCTAssertEqual(run("range(-3, 7) | map {. + . % 3} | show"), ["-3", "-4", "-2", "0", "2", "4", "3"])
    XCTAssertEqual(run("range(0, 4) | filter {. > . % 2} | show"), ["2", "3"])
  }

  /// An overflow leaves the int path: the error is the value path's.
  func testAnOverflowIsTheValuePathsError() {
    let statement = "range(9223372036854775800, 5) | map {. + . % 5}"
    let fused = run(statement + " | show")
    let logged = run(statement + " | log")
    XCTAssertEqual(
      Array(fused.prefix(4)),
      ["9223372036854775800", "9223372036854775802", "9223372036854775804", "9223372036854775806"])
    XCTAssertEqual(fused.count, 5, "\(fused)")
    XCTAssertTrue(fused.last?.contains("overflow") == true, "\(fused)")
    XCTAssertEqual(fused.last, logged.last)
  }
}
