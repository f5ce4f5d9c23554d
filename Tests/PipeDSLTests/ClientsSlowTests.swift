import PipeDSL
import XCTest

/// `clients … slow D slowShare F`: a seeded share of the attempts the service serves take D.
final class ClientsSlowTests: XCTestCase {
  private func lines(_ text: String) -> (lines: [String], diagnostics: [String]) {
    let output = BufferedOutput()
    let session = Session.make(output: output, settings: Settings())
    let report = session.execute(SourceFile(name: "t.pipe", text: text))
    return (output.lines + output.errorLines, report.diagnostics.map(\.message))
  }

  private let thousand = #"clients 1000 (weather "London" | timeout 1s) over 1s"#

  func testOneAttemptInTwentyTakesTheSlowTime() {
    // A timeout of 1 s fails exactly the slow attempts: 5 s against the usual 200-400 ms; seed 1
    // draws 45 of the thousand (about one in twenty).
    let slow = lines(thousand + " slow 5s slowShare 0.05 seed 1 | map { [.failures, .successes] }")
    XCTAssertEqual(slow.diagnostics, [])
    XCTAssertEqual(slow.lines, ["[{timeout: 45}, 955]"])
    // The negative twin: without slow, no attempt takes a second.
    XCTAssertEqual(lines(thousand + " seed 1 | map { [.failures, .successes] }").lines, ["[{}, 1000]"])
  }

  func testTheSlowAttemptsAreSeeded() {
    let text = thousand + " slow 5s slowShare 0.05 seed %d | map { .failures }"
    let first = lines(text.replacingOccurrences(of: "%d", with: "7")).lines
    XCTAssertEqual(lines(text.replacingOccurrences(of: "%d", with: "7")).lines, first)
    XCTAssertNotEqual(lines(text.replacingOccurrences(of: "%d", with: "8")).lines, first)
  }

  func testASlowAnswerTakesExactlyTheSlowTime() {
    // Every attempt slow: every copy ends at 5 s, p50 and p99 alike.
    XCTAssertEqual(
      lines(#"clients 10 (weather "London") slow 5s slowShare 1 | map { [.p50, .p99, .successes] }"#).lines,
      ["[5000, 5000, 10]"])
    XCTAssertEqual(
      lines(#"clients 10 (weather "London") slow 5s slowShare 0 | map { .p99 < 500 }"#).lines, ["true"])
  }

  func testAnOutageIsAnsweredAtOnceNotSlowly() {
    // Slowness is the served attempts': during the outage every answer is a quick 503.
    XCTAssertEqual(
      lines(
        #"clients 10 (weather "London") outage 10s slow 5s slowShare 1 | map { [.p99 < 500, .failures] }"#
      )
      .lines, ["[true, {serverFailure: 10}]"])
  }

  func testSlowNeedsItsShareAndAShareFromZeroToOne() {
    XCTAssertEqual(
      lines(#"clients 10 (weather "London") slow 5s"#).diagnostics,
      ["'clients' needs both slow D (how long a slow answer takes) and slowShare F"])
    XCTAssertEqual(
      lines(#"clients 10 (weather "London") slow 5s slowShare 5"#).diagnostics,
      ["slowShare is a share of the attempts, from 0 to 1"])
  }
}
