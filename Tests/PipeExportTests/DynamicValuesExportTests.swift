import Foundation
import PipeProcessSupport
import XCTest

/// pipe's values are dynamic; a library's stream has one type. What the docs show of that
/// (issue 27: "every exported documented pipeline compiles, or is refused"): values of several
/// types are exported where nothing computes with them, and refused, naming the stage under a
/// caret, where an expression does; `num` (an Int or a Double, or typeError) is refused in
/// Swift; a source without values takes the type of the stream it joins; a value of another
/// type joining a retry strategy's errors makes that stream Strings. The code is compiled by the
/// round trips (Combine, RxJS) and by the RxSwift check outside the repository.
final class DynamicValuesExportTests: XCTestCase {
  private func export(_ library: String, _ code: String) throws -> PipeRun { try exportRun(library, code) }

  /// Refused in each of `libraries`, the caret under the stage.
  private func assertRefused(
    _ code: String, in libraries: [String], stage: String, because reason: String, line: UInt = #line
  ) throws {
    for library in libraries {
      let lines = try assertExportRefused(library, code, stage: stage, because: reason, line: line).stderr
        .split(separator: "\n")
      let source = try XCTUnwrap(lines.first { $0.hasPrefix("1 | ") }, line: line)
      let caret = try XCTUnwrap(lines.first { $0.contains("^") }, line: line)
      let column = source.range(of: stage).map { source.distance(from: source.startIndex, to: $0.lowerBound) }
      let caretColumn = caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }
      XCTAssertEqual(caretColumn, column, "\(library): the caret is under the stage", line: line)
    }
  }

  func testComputingWithValuesOfSeveralTypesIsRefusedEverywhere() throws {
    try assertRefused(
      #"of(1, "a") | map { . - 1 }"#, in: ["rxswift", "combine", "rxjs"], stage: "map { . - 1 }",
      because: #"the stream's values are of several types (from 'of(1, "a")')"#)
    try assertRefused(
      #"of(null, 2) | take 1 | filter { . > 1 }"#, in: ["rxswift", "combine", "rxjs"],
      stage: "filter { . > 1 }", because: "the stream's values are of several types")
  }

  func testValuesOfSeveralTypesPassedOnWholeAreExported() throws {
    for code in [
      #"of(1, "a") | map { str(.) } | show"#, #"of(1, "a") | show"#, #"of(1, 2.5) | map { . * 2 }"#,
    ] {
      for library in ["rxswift", "combine", "rxjs"] {
        let run = try export(library, code)
        XCTAssertEqual(run.status, 0, "\(library) \(code): \(run.stderr)")
      }
    }
    // RxSwift's `of` wants one type for its values; one array is typed [Any].
    let rxswift = try export("rxswift", #"of(null, true, [1, "a"], {}) | show"#)
    XCTAssertTrue(rxswift.stdout.contains(#"Observable.from([nil, true, [1, "a"], [:]])"#), rxswift.stdout)
  }

  func testNumIsRefusedInSwiftOnly() throws {
    let code = #"of("12", "3.5") | map { [len(.), num(.) * 2] } | collect"#
    try assertRefused(
      code, in: ["rxswift", "combine"], stage: "map { [len(.), num(.) * 2] }",
      because: "num reads a text as an Int or a Double")
    let rxjs = try export("rxjs", code)
    XCTAssertEqual(rxjs.status, 0, rxjs.stderr)
  }

  func testASourceWithoutValuesTakesTheTypeOfTheStreamItJoins() throws {
    let concat = try export("rxswift", "of(1) | concat (fail offline) | materialize")
    XCTAssertTrue(
      concat.stdout.contains(".concat(Observable<Int>.error(PipelineError.offline))"), concat.stdout)
    // Combine's catch empty: Empty's Output is the stream's, which Swift infers.
    let empty = try export("combine", "fail serverFailure | catch empty | count")
    XCTAssertTrue(empty.stdout.contains(".catch { _ in Empty<_, Never>() }"), empty.stdout)
  }

  func testAValueOfAnotherTypeJoiningAStrategysErrorsMakesThemStrings() throws {
    let code =
      ##"cold "5ms #" ["#": timeout] | retryWhen (errors | onError count consulted | catch (just 1)) on serverFailure | show"##
    // One link after the other, whatever their indentation.
    let links = { (run: PipeRun) in run.stdout.replacingOccurrences(of: " ", with: "") }
    let rxswift = try export("rxswift", code)
    XCTAssertTrue(
      links(rxswift).contains(".map{String(describing:$0)}\n.catchAndReturn(\"1\")"), rxswift.stdout)
    let combine = try export("combine", code)
    XCTAssertTrue(
      links(combine).contains(".map{String(describing:$0)}\n.catch{_inJust(\"1\")}"), combine.stdout)
  }

  func testAnEmptyListSeedIsTypedInRxJS() throws {
    let run = try export("rxjs", "range(0, 3) | scan [] { [acc] } | count")
    XCTAssertTrue(run.stdout.contains("scan((acc, x) => [acc], [] as unknown[])"), run.stdout)
  }
}
