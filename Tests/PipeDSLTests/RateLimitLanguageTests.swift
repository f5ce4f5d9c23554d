import PipeDSL
import XCTest

/// The rate literal `N per D` and `rateLimit(N per D) [NAME]` (issue 32) through the language:
/// mistakes under a caret, and runs on the virtual clock against what `expect` says.
final class RateLimitLanguageTests: XCTestCase {
  private func run(_ text: String) -> ExecutionReport {
    Session.make(output: BufferedOutput()).execute(SourceFile(name: "t.pipe", text: text))
  }

  /// Every expectation of `text` passes (`passed` of them) and none fails.
  private func passes(_ text: String, _ passed: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
    let report = run(text)
    XCTAssertEqual(report.diagnostics.map(\.message), [], text, file: file, line: line)
    XCTAssertEqual(report.failed, 0, "\(text)\n\(report.expectations.map(\.outcome))", file: file, line: line)
    XCTAssertEqual(report.passed, passed, text, file: file, line: line)
  }

  private func fails(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let report = run(text)
    XCTAssertEqual(report.diagnostics.map(\.message), [], text, file: file, line: line)
    XCTAssertEqual(report.failed, 1, text, file: file, line: line)
  }

  /// A parse error of the rate, rendered.
  private func parsed(_ text: String) -> String {
    let parsed = Parser.parse(SourceFile(name: "demo.pipe", text: text))
    return DiagnosticRenderer().render(parsed.diagnostics, in: parsed.file)
  }

  func testARateWithoutItsPeriodOrItsCountIsAParseErrorUnderThatPlace() {
    XCTAssertEqual(
      parsed(#"cold "a|" | rateLimit(5 per) | show"#),
      """
      demo.pipe:1:28: error: expected the period of the rate after 'per', found ')'
      1 | cold "a|" | rateLimit(5 per) | show
        |                            ^
        = help: a rate is written N per D, as in 5 per 1s or 10 per s
      """)
    XCTAssertEqual(
      parsed(#"cold "a|" | rateLimit(per 1s) | show"#),
      """
      demo.pipe:1:23: error: a rate needs its count before 'per'
      1 | cold "a|" | rateLimit(per 1s) | show
        |                       ^^^
        = help: a rate is written N per D, as in 5 per 1s or 10 per s
      """)
  }

  func testARateIsReadWithAUnitAloneAndWithoutBrackets() {
    let tree = Parser.parse(SourceFile(name: "demo.pipe", text: "cold \"a|\" | rateLimit 10 per s | show"))
      .tree
    XCTAssertEqual(tree.description, "cold \"a|\" | rateLimit 10 per 1s | show")
  }

  static let checked: [(source: String, message: String)] = [
    (
      #"cold "a|" | rateLimit(0 per 1s)"#,
      """
      demo.pipe:1:23: error: expected a number of at least 1, found 0
      1 | cold "a|" | rateLimit(0 per 1s)
        |                       ^
      """
    ),
    (
      #"cold "a|" | rateLimit(-1 per s)"#,
      """
      demo.pipe:1:23: error: expected a number of at least 1, found -1
      1 | cold "a|" | rateLimit(-1 per s)
        |                       ^^
      """
    ),
    (
      #"cold "a|" | rateLimit(5 per 0s)"#,
      """
      demo.pipe:1:29: error: the period must be longer than zero
      1 | cold "a|" | rateLimit(5 per 0s)
        |                             ^^
      """
    ),
    (
      #"cold "a|" | rateLimit(5)"#,
      """
      demo.pipe:1:23: error: expected a rate such as 5 per 1s, found a number
      1 | cold "a|" | rateLimit(5)
        |                       ^
      """
    ),
  ]

  func testTheRatesPartsAreCheckedWithACaret() {
    for (source, message) in Self.checked {
      XCTAssertEqual(CheckerDiagnosticsTests.rendered(source), message, source)
    }
  }

  func testASubscriptionWithoutATokenFailsWithRateLimitedAndItsRetryAfter() {
    passes(
      #"cold "(a|)" | rateLimit(2 per 1s) | repeat 3 | catch (just { [.kind, .retryAfter] }) | expect ["a", "a", ["rateLimited", 1]]"#
    )
    // Its twin: a third token lets the third subscription through.
    passes(#"cold "(a|)" | rateLimit(3 per 1s) | repeat 3 | expect ["a", "a", "a"]"#)
  }

  func testRetryWhenWaitsForTheNextTokenByRetryAfter() {
    let text =
      #"cold "(a|)" | rateLimit(1 per 1s) | retryWhen constant(0s, times: 5) | repeat 3 | expect "a 999ms a 999ms (a|)""#
    passes(text)
    // Its twin: without honouring retryAfter the five retries at 0 s are all refused.
    fails("set retryAfter off\n" + text)
  }

  func testARateLimitIsSharedByNameAcrossPipelinesAndNotAcrossNames() {
    passes(
      """
      cold "(a|)" | rateLimit(1 per 1s) api | expect ["a"] &
      cold "(b|)" | rateLimit(1 per 1s) api | expect [] error rateLimited &
      """, 2)
    passes(
      """
      cold "(a|)" | rateLimit(1 per 1s) api | expect ["a"] &
      cold "(b|)" | rateLimit(1 per 1s) db | expect ["b"] &
      """, 2)
  }

  func testEveryCopyOfClientsTakesFromTheOneLimiter() {
    passes(
      #"clients 5 (cold "(a|)" | rateLimit(2 per 1s)) | map { [.successes, .failures] } | expect [[2, [rateLimited: 3]]]"#
    )
  }
}
