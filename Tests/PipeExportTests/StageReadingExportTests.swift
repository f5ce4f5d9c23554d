import Foundation
import PipeProcessSupport
import XCTest

/// The exporter reads a stage's words as the compiler splits them (by the options its
/// catalogue entry declares), so every spelling pipe runs alike exports alike: an old name,
/// an option without its colon, options inside the call's parentheses. And it reads the
/// tree, not the text: a string is no expression.
final class StageReadingExportTests: XCTestCase {
  /// The export of `code`, which must succeed.
  private func export(_ code: String, to library: String, line: UInt) throws -> String {
    let result = try PipeProcess.run(["export", "--to", library, "--code", code])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr, line: line)
    return result.stdout
  }

  /// `spelling` exports, in each library, to the code `canonical` exports to (the comment
  /// quoting the statement aside).
  private func exportsAlike(_ spelling: String, _ canonical: String, line: UInt = #line) throws {
    for library in ["rxswift", "combine", "rxjs"] {
      let expected = try export(canonical, to: library, line: line)
      let actual = try export(spelling, to: library, line: line)
      XCTAssertTrue(expected.contains(canonical), expected, line: line)
      XCTAssertEqual(
        actual.replacingOccurrences(of: spelling, with: canonical), expected, "\(library): \(spelling)",
        line: line)
    }
  }

  /// `retry when: STRATEGY` is pipe's old spelling of `retryWhen STRATEGY`: two retries a
  /// second apart, not a retry without end.
  func testRetryWhenItsOldSpellingExportsAsRetryWhen() throws {
    try exportsAlike(
      #"cold "-#" | retry when: constant(1s, times: 2) | show"#,
      #"cold "-#" | retryWhen constant(1s, times: 2) | show"#)
  }

  /// `throttle 2ms latest false` is `throttle 2ms latest: false`: the first value of each window.
  func testAnOptionWithoutItsColonIsRead() throws {
    try exportsAlike(
      #"cold "ab-c|" | throttle 2ms latest false | show"#,
      #"cold "ab-c|" | throttle 2ms latest: false | show"#)
  }

  /// Errors are numbered by their subscription (`numbered()`) when an expression reads
  /// `.attempt`, not when a string only says so.
  func testOnlyAnExpressionThatReadsAttemptNumbersTheErrors() throws {
    for library in ["rxswift", "combine", "rxjs"] {
      let saying = try export(#"cold "-#" | catchAndReturn "no .attempt" | show"#, to: library, line: #line)
      XCTAssertFalse(saying.contains("numbered()"), "\(library):\n\(saying)")
      let reading = try export(
        #"cold "-#" | catch (just { "attempt " + str(.attempt) }) | show"#, to: library, line: #line)
      XCTAssertTrue(reading.contains("numbered()"), "\(library):\n\(reading)")
    }
  }

  /// A Swift closure names its parameter `_` when the expression does not read `.`, whatever
  /// its strings say (`{ "costs $0" }` would not compile where a parameter is given).
  func testAClosureThatReadsNoElementIgnoresIt() throws {
    for library in ["rxswift", "combine"] {
      let code = try export(#"of("a") | map { "costs $0" } | show"#, to: library, line: #line)
      XCTAssertTrue(code.contains(#".map { _ in "costs $0" }"#), "\(library):\n\(code)")
    }
  }

  /// Options inside the call's parentheses are the stage's options, as the compiler reads them.
  func testOptionsInTheCallAreRead() throws {
    try exportsAlike(
      #"cold "-#" | retryWhen(constant(1s, times: 2), max: 1) | show"#,
      #"cold "-#" | retryWhen constant(1s, times: 2) max 1 | show"#)
  }
}
