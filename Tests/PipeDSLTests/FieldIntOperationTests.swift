import PipeDSL
import XCTest

/// A field of the element against an int constant (`.b % 4`, `.temp > 10`) has a path of its
/// own: the field read in place, the int operation inline. What it gives is the general
/// path's, for every shape of record, field value and element.
final class FieldIntOperationTests: XCTestCase {
  func testRecordsOfEveryShapeAndFieldsOfEveryKind() {
    XCTAssertEqual(
      printedLines("of([b: 6], [b: 2.5], [a: 1, b: 7], [c: 1]) | map {.b % 4} | show"),
      ["2", "2.5", "3", "error: typeError — cannot apply '%' to null and int 4 (at map {.b % 4})"])
    XCTAssertEqual(
      printedLines("of([t: 11], [t: 10.5], [x: 3, t: 9]) | filter {.t > 10} | show"),
      ["{t: 11}", "{t: 10.5}"])
    XCTAssertEqual(
      printedLines("range(0, 8) | map {[a: ., b: . * 2]} | filter {.b % 4 == 0} | map {.a} | show"),
      ["0", "2", "4", "6"])
  }

  /// What the int path cannot decide goes to the general one: its errors are the same.
  func testErrorsAreTheGeneralPaths() {
    XCTAssertEqual(
      printedLines("of([b: \"x\"]) | map {.b * 2} | show"),
      [#"error: typeError — cannot apply '*' to string "x" and int 2 (at map {.b * 2})"#])
    XCTAssertEqual(
      printedLines("of([b: 8]) | map {.b / 0} | show"),
      ["error: divisionByZero — 8 / 0: division by zero (at map {.b / 0})"])
    XCTAssertEqual(
      printedLines("just [b: 9223372036854775807] | map {.b + 1} | show"),
      ["error: overflow — '+' on 9223372036854775807 and 1 overflows an int (at map {.b + 1})"])
    XCTAssertEqual(
      printedLines("just 3 | map {.b * 2} | show"),
      ["error: typeError — cannot read field 'b' of int 3 (at map {.b * 2})"])
  }

  /// A field's int read where it stands, alone (`.b % 4`) and under a second operation
  /// (`.b % 4 == 0`), gives what reading the field, then applying the operations to it,
  /// gives: the value or the error.
  func testAFieldReadWhereItStandsGivesWhatTheFieldGives() throws {
    let fields: [Value] = [0, 1, 4, 7, -8, .int(.max), .int(.min), 2.5, "s", nil, true]
    let elements: [Value] =
      [nil, 3, "x", [1], [:], ["a": 1]]
      + fields.flatMap { [["b": $0], ["a": 1, "b": $0], ["b": $0, "c": 2]] as [Value] }
    let read = try compiled(".b")
    for operations in [
      "% 4", "* 2", "+ 1", "- 3", "> 4", "== 4", "% 4 == 0", "* 2 > 5", "+ 1 != 8", "% 0 == 0", "* 3 + 1",
      "- 1 <= 3",
    ] {
      let fast = try compiled(".b \(operations)")
      let rest = try compiled(". \(operations)")
      for element in elements + elements.reversed() {
        XCTAssertEqual(
          evaluationOutcome { () throws(PipeError) in try fast(element) },
          evaluationOutcome { () throws(PipeError) in try rest(try read(element)) },
          ".b \(operations) on \(element.literal)")
      }
    }
  }
}
