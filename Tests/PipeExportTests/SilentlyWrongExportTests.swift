import Foundation
import PipeProcessSupport
import XCTest

/// Issue 27, "none silently wrong": where pipe fails with typeError, the exported code fails
/// too, with an error of pipe's kind, instead of computing something else (JavaScript's
/// `Number('abc')` is NaN, `Number('')` 0, where pipe's `num` fails): the RxJS export calls
/// helpers of its own for pipe's functions, declared once at its top.
final class SilentlyWrongExportTests: XCTestCase {
  func testRxJSNumIsAHelperThatFailsWithTypeErrorAsPipeDoes() throws {
    let run = try exportRun("rxjs", #"of("12", "abc") | map { num(.) * 2 } | show"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("map((x) => num(x) * 2)"), run.stdout)
    XCTAssertFalse(run.stdout.contains("Number(x)"), run.stdout)
    XCTAssertTrue(run.stdout.contains("function num(x: unknown): number {"), run.stdout)
    XCTAssertTrue(
      run.stdout.contains(
        #"throw new PipeError('typeError', `cannot read ${JSON.stringify(x)} as a number`);"#),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("class PipeError extends Error {"), run.stdout)
  }

  /// `len` of a record (JavaScript's `length` is undefined), `abs` of a text (`Math.abs('-3')`
  /// is 3), `round` of a negative half (`Math.round(-2.5)` is -2, pipe's -3) and with digits
  /// (JavaScript has none), `str` of a list (`String([1, 'a'])` is `1,a`, pipe's `[1, "a"]`).
  func testRxJSLenAbsRoundAndStrAreHelpersThatDoWhatPipeDoes() throws {
    let run = try exportRun(
      "rxjs",
      #"just({a: -2.5, b: [1, "a"]}) | map { [len(.), abs(.a), round(.a), round(.a, 1), str(.b)] } | show"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains("map((x) => [len(x), abs(x.a), round(x.a), round(x.a, 1), show(x.b)])"), run.stdout)
    for declared in [
      "function len(x: unknown): number {", "function abs(x: unknown): number {",
      "function round(x: unknown, digits: number = 0): number {", "function show(x: unknown): string {",
      "throw new PipeError('typeError', `len needs a string, list or record, not",
      "return x < 0 && rounded !== 0 ? -rounded : rounded;",
    ] {
      XCTAssertTrue(run.stdout.contains(declared), "\(declared)\n\(run.stdout)")
    }
    XCTAssertFalse(run.stdout.contains("Math.round(x.a)"), run.stdout)
    XCTAssertFalse(run.stdout.contains("[x.length"), run.stdout)
  }

  func testAHelperComesOnlyWhereItsFunctionIsCalled() throws {
    let run = try exportRun("rxjs", #"of("12") | map { len(.) } | show"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("function len("), run.stdout)
    for other in ["function num(", "function abs(", "function round("] {
      XCTAssertFalse(run.stdout.contains(other), run.stdout)
    }
  }
}
