import Foundation
import PipeProcessSupport
import XCTest

/// A pipeline whose values change type where a Swift stream cannot follow (pipe's values are
/// dynamic, an `Observable<T>` or `Publisher` holds one `T`) is refused for RxSwift and
/// Combine, exit 3, naming the stage under a caret and why: not exported as code that does
/// not compile. RxJS, whose TypeScript types can be unions, still exports it.
final class MixedTypesExportTests: XCTestCase {
  private func assertRefusedInSwift(
    _ code: String, stage: String, because reason: String, line: UInt = #line
  ) throws {
    for library in ["rxswift", "combine"] {
      let run = try PipeProcess.run(["export", "--to", library, "--code", code])
      XCTAssertEqual(run.status, 3, "\(library): \(run.stdout)", line: line)
      XCTAssertEqual(run.stdout, "", library, line: line)
      XCTAssertTrue(
        run.stderr.contains("cannot export '\(stage)' to "), "\(library): \(run.stderr)", line: line)
      XCTAssertTrue(run.stderr.contains(reason), "\(library): \(run.stderr)", line: line)
      let caret = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("^") }, line: line)
      let source = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.hasPrefix("1 | ") }, line: line)
      let under = source.dropFirst(4).range(of: stage).map {
        source.distance(from: source.startIndex, to: $0.lowerBound)
      }
      XCTAssertEqual(
        caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }, under, line: line)
    }
    let rxjs = try PipeProcess.run(["export", "--to", "rxjs", "--code", code])
    XCTAssertEqual(rxjs.status, 0, rxjs.stderr, line: line)
  }

  /// COOKBOOK.md's fallback that only fails: a timer's Ints on a stream of Strings.
  func testAFallbackOfAnotherTypeWithNoCommonTypeIsRefused() throws {
    try assertRefusedInSwift(
      #"cold "a-b-#" | catch (timer 10ms | throwIf { true } serverFailure) | delay 10ms"#,
      stage: "catch (timer 10ms | throwIf { true } serverFailure)",
      because:
        "the fallback gives values of type Int where the stream's are String, and no Swift type holds both")
  }

  func testASourceOfSeveralTypesIsRefused() throws {
    try assertRefusedInSwift(
      #"of(1, "a") | map { . - 1 }"#, stage: #"of(1, "a")"#,
      because: "its values are of several types (Int, String), where a Swift stream holds one")
  }

  func testMergingAnotherTypeIsRefused() throws {
    try assertRefusedInSwift(
      #"cold "-a|" | merge (range(1, 2))"#, stage: "merge (range(1, 2))",
      because: "the other stream gives values of type Int where the stream's are String")
  }

  /// What a Swift type can hold is still exported: Ints and Doubles are Doubles, and a
  /// fallback of Strings makes the stream Strings (IssuePipelinesExportTests).
  func testTypesOneSwiftTypeHoldsAreExported() throws {
    for code in [
      #"of(1, 2.5) | map { . * 2 }"#, #"cold "-1-#" | catch (just "none")"#,
      #"range(1, 3) | merge (timer 5ms)"#,
    ] {
      for library in ["rxswift", "combine"] {
        let run = try PipeProcess.run(["export", "--to", library, "--code", code])
        XCTAssertEqual(run.status, 0, "\(library) \(code): \(run.stderr)")
      }
    }
  }
}
