import PipeDSL
import XCTest

/// The cures' stages (issue 32) through the language: their arguments checked, and each run
/// on the virtual clock against what a person would write in `expect`.
final class CuresLanguageTests: XCTestCase {
  private func run(_ text: String) -> (report: ExecutionReport, output: BufferedOutput) {
    let output = BufferedOutput()
    let report = Session.make(output: output).execute(SourceFile(name: "t.pipe", text: text))
    return (report, output)
  }

  private func passes(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let (report, output) = run(text)
    XCTAssertEqual(report.diagnostics.map(\.message), [], text, file: file, line: line)
    XCTAssertEqual(
      report.failed, 0, "\(text)\n\(output.lines.joined(separator: "\n"))", file: file, line: line)
    XCTAssertEqual(report.passed, 1, text, file: file, line: line)
  }

  static let diagnostics: [(source: String, message: String)] = [
    (
      #"cold "a|" | hedge(max: 2)"#,
      """
      demo.pipe:1:13: error: 'hedge' needs after: D, how long an attempt goes unanswered before the next
      1 | cold "a|" | hedge(max: 2)
        |             ^^^^^
        = help: it is written hedge(after: D, max: 1)
      """
    ),
    (
      #"cold "a|" | hedge(after: 1s, max: 11)"#,
      """
      demo.pipe:1:35: error: expected a number of at most 10 (a limit of pipe), found 11
      1 | cold "a|" | hedge(after: 1s, max: 11)
        |                                   ^^
      """
    ),
  ]

  func testArgumentsAreCheckedWithACaret() {
    for (source, message) in Self.diagnostics {
      XCTAssertEqual(CheckerDiagnosticsTests.rendered(source), message, source)
    }
  }

  func testHedgeTheSecondAttemptAnswersFirst() {
    passes(#"cold ["5s (a|)", "1s (b|)"] | hedge(after: 2s) | expect "3s (b|)""#)
  }

  func testHedgeWithoutASlowAttemptIsTheSourceAlone() {
    passes(#"cold ["1s (a|)", "1s (b|)"] | hedge(after: 2s) | expect "1s (a|)""#)
    passes(#"cold ["1s (a|)", "1s (b|)"] | hedge(after: 2s) | expect attempts 1"#)
  }

  func testHedgeLetsTheLastErrorThroughOnceEveryAttemptFailed() {
    passes(#"cold ["3s #", "3s #", "3s (c|)"] | hedge(after: 1s, max: 1) | expect "4s #""#)
  }

  func testABulkheadIsSharedByNameAcrossPipelines() {
    let (report, _) = run(
      """
      cold "2s (a|)" | bulkhead(1, queue: 1) db | expect "2s (a|)" &
      cold "1s (b|)" | bulkhead(1, queue: 1) db | expect "3s (b|)" &
      cold "1s (c|)" | bulkhead(1, queue: 1) db | expect [] error bulkheadFull &
      """)
    XCTAssertEqual(report.diagnostics.map(\.message), [])
    XCTAssertEqual(report.passed, 3, "\(report.expectations.map(\.outcome))")
  }

  func testBulkheadsOfOtherNamesDoNotShare() {
    let (report, _) = run(
      """
      cold "2s (a|)" | bulkhead(1) db | expect "2s (a|)" &
      cold "1s (b|)" | bulkhead(1) cache | expect "1s (b|)" &
      """)
    XCTAssertEqual(report.diagnostics.map(\.message), [])
    XCTAssertEqual(report.passed, 2, "\(report.expectations.map(\.outcome))")
  }
}
