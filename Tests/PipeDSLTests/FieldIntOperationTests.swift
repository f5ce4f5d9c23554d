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
}
