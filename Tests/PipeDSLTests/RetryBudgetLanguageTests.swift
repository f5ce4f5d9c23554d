import PipeDSL
import XCTest

/// `retryWhen budget(ratio, min: N per s, STRATEGY)` (issue 32) and the refusal of `clients`
/// inside `clients`, through the language.
final class RetryBudgetLanguageTests: XCTestCase {
  private func run(_ text: String) -> (report: ExecutionReport, output: BufferedOutput) {
    let output = BufferedOutput()
    let report = Session.make(output: output).execute(SourceFile(name: "t.pipe", text: text))
    return (report, output)
  }

  private func shows(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    let (report, output) = run(text)
    XCTAssertEqual(report.diagnostics.map(\.message), [], text, file: file, line: line)
    return output.lines
  }

  func testTheBudgetLetsRetriesThroughWhileWithinItsRatioAndReserve() {
    // Reserve 1 (0.1 per s over 10 s) + 0.5 × requests: the 1st request's retry passes (1 ≤ 1.5),
    // the 2nd's (2 ≤ 2), the 3rd's (3 ≤ 2.5) not: its error passes through, named so.
    let lines = shows(
      ##"cold ["#", "a|", "#", "a|", "#", "a|"] | retryWhen budget(0.5, min: 1 per 10s, immediate(3)) | repeat 3 | catch (just .message) | show"##
    )
    XCTAssertEqual(
      lines, ["a", "a", "retry budget spent (2 retries of 3 requests in 10s): error from a marble diagram"])
  }

  func testARatioOfOneLetsTheThirdRetryThrough() {
    let lines = shows(
      ##"cold ["#", "a|", "#", "a|", "#", "a|"] | retryWhen budget(1, min: 1 per 10s, immediate(3)) | repeat 3 | catch (just .message) | show"##
    )
    XCTAssertEqual(lines, ["a", "a", "a"])
  }

  func testTheBudgetIsSharedByEveryCopyOfClients() {
    // 10 copies, one retry each wanted; 0.2 × 10 + 1 allows three.
    let lines = shows(
      ##"clients 10 (cold ["#", "a|"] | retryWhen budget(0.2, min: 1 per 10s, immediate(1))) | map { [.successes, .failures] } | show"##
    )
    XCTAssertEqual(lines, ["[3, {error: 7}]"])
  }

  static let diagnostics: [(source: String, message: String)] = [
    (
      #"cold "a|" | retryWhen budget(1.5, immediate(3))"#,
      """
      demo.pipe:1:30: error: the ratio of a retry budget is a number from 0 to 1
      1 | cold "a|" | retryWhen budget(1.5, immediate(3))
        |                              ^^^
        = help: Finagle's default is 0.2: a retry for every five requests
      """
    ),
    (
      #"cold "a|" | retryWhen budget(0.1, min: 0 per s, immediate(3))"#,
      """
      demo.pipe:1:40: error: expected a number of at least 1, found 0
      1 | cold "a|" | retryWhen budget(0.1, min: 0 per s, immediate(3))
        |                                        ^
      """
    ),
    (
      #"clients 1000 (clients 1000 (cold "a|"))"#,
      """
      demo.pipe:1:15: error: 'clients' cannot stand inside another 'clients': each outer copy would run 1000 copies of its own
      1 | clients 1000 (clients 1000 (cold "a|"))
        |               ^^^^^^^
        = help: write one 'clients' with the count you mean: clients N (PIPELINE)
      """
    ),
  ]

  func testMistakesAreReportedWithACaret() {
    for (source, message) in Self.diagnostics {
      XCTAssertEqual(CheckerDiagnosticsTests.rendered(source), message, source)
    }
  }
}
