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
    // An int times 2 may overflow: pipeMultiply fails as pipe does (RunTimeChecksRoundTripTests).
    XCTAssertTrue(run.stdout.contains("map((x) => pipeMultiply(num(x), 2))"), run.stdout)
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
      run.stdout.contains(
        "map((x) => [len(x), abs(pipeField(x, 'a')), round(pipeField(x, 'a')), round(pipeField(x, 'a'), 1), "
          + "show(pipeField(x, 'b'))])"), run.stdout)
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

/// Issue 27, item 2, "none silently wrong": an operator pipe fails on whatever the values
/// (`"a" + 1` is typeError in pipe, `'a1'` in JavaScript; `1 / 0` divisionByZero, Infinity),
/// and Swift's `/` of two Ints (pipe's `7 / 2` is 3.5, Swift's 3), are refused with what pipe
/// does; `min`/`max` of a list (JavaScript's `Math.min([3, 1])` is NaN) and `len` of a text
/// of flags or accents (JavaScript counts UTF-16 units or code points) are helpers that do
/// what pipe does.
final class SilentlyWrongOperatorExportTests: XCTestCase {
  func testAnOperatorPipeFailsOnWithTypeErrorIsRefused() throws {
    for (code, stage, reason) in [
      (#"just 1 | map { "a" + 1 } | show"#, #"map { "a" + 1 }"#, "does not apply '+' to string and int"),
      ("just 1 | map { 1 + null } | show", "map { 1 + null }", "does not apply '+' to int and null"),
      (
        #"just 1 | filter { "a" < 1 } | show"#, #"filter { "a" < 1 }"#, "does not apply '<' to string and int"
      ),
    ] {
      for library in ["rxjs", "combine"] {
        try assertExportRefused(library, code, stage: stage, because: "pipe fails with typeError on")
        try assertExportRefused(library, code, stage: stage, because: reason)
      }
    }
  }

  func testDivisionByALiteralZeroIsRefused() throws {
    try assertExportRefused(
      "rxjs", "just 1 | map { . / 0 } | show", stage: "map { . / 0 }",
      because: "pipe fails with divisionByZero on '. / 0', where JavaScript gives Infinity or NaN")
    try assertExportRefused(
      "rxswift", "just 7 | map { . % 0 } | show", stage: "map { . % 0 }",
      because: "pipe fails with divisionByZero on '. % 0', where Swift stops the program")
  }

  func testSwiftIntDivisionIsRefusedAndADoubleSideIsExported() throws {
    for library in ["combine", "rxswift"] {
      try assertExportRefused(
        library, "just 7 | map { . / 2 } | show", stage: "map { . / 2 }",
        because: "pipe's '/' keeps the fraction of two ints (7 / 2 is 3.5)")
      let run = try exportRun(library, "just 7 | map { . / 2.0 } | show")
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stdout.contains(".map { $0 / 2.0 }"), run.stdout)
    }
    let rxjs = try exportRun("rxjs", "just 7 | map { . / 2 } | show")
    XCTAssertEqual(rxjs.status, 0, rxjs.stderr)  // JavaScript's 7 / 2 is 3.5, as pipe's
  }

  func testRxJSMinAndMaxOfAListAreHelpersAsPipes() throws {
    let run = try exportRun("rxjs", "just [3, 1, 2] | map { [min(.), max(.), min(4, 5)] } | show")
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("map((x) => [min(x), max(x), min(4, 5)])"), run.stdout)
    XCTAssertFalse(run.stdout.contains("Math.min(x)"), run.stdout)
    for declared in [
      "function min(...xs: unknown[]): any {", "function max(...xs: unknown[]): any {",
      "const items = xs.length === 1 ? xs[0] : xs;", "if (items.length === 0) return null;",
      "class PipeError extends Error {",
    ] {
      XCTAssertTrue(run.stdout.contains(declared), "\(declared)\n\(run.stdout)")
    }
    try assertExportRefused(
      "combine", "just [3, 1] | map { min(.) } | show", stage: "map { min(.) }",
      because: "pipe's min of one list is its least item")
  }

  func testRxJSLenCountsWhatAPersonSeesAsOneCharacter() throws {
    let run = try exportRun("rxjs", #"just "🇫🇷" | map { len(.) } | show"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains(
        "if (typeof x === 'string') return [...new (Intl as any).Segmenter().segment(x)].length;"),
      run.stdout)
  }
}
