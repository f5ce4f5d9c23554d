import PipeDSL
import XCTest

/// `stage = "(" pipeline ")"` after a `|`: a group of operators applied in order, each
/// still a stage of its own (it counts its subscriptions and names its errors).
final class GroupOfOperatorsTests: XCTestCase {
  private func run(_ text: String) -> (report: ExecutionReport, output: BufferedOutput) {
    let output = BufferedOutput()
    let session = Session.make(output: output)
    let report = session.execute(SourceFile(name: "t.pipe", text: text))
    return (report, output)
  }

  func testAGroupAfterAPipeAppliesItsOperatorsInOrder() {
    let (report, output) = run("range(1, 6) | (map { . * 2 } | filter { . > 4 }) | collect")
    XCTAssertEqual(report.diagnostics, [])
    XCTAssertEqual(output.lines, ["[6, 8, 10, 12]"])
  }

  func testARetryAfterAGroupResubscribesThroughIt() {
    let (report, _) = run(
      #"cold ["-1-#", "-2|"] | (map { . * 10 } | take 5) | retry 2 | expect "-a--b|" [a: 10, b: 20]"#)
    XCTAssertEqual(report.diagnostics, [])
    XCTAssertEqual(report.passed, 1, "\(report.expectations.map(\.outcome))")
  }

  func testAnErrorInsideTheGroupNamesItsOwnStage() {
    let (report, output) = run(#"just 1 | (map { . - "a" }) | show"#)
    XCTAssertEqual(report.unhandledErrors.map(\.source), [#"map { . - "a" }"#])
    XCTAssertEqual(output.errorLines.count, 1)
  }

  func testASourceInsideAGroupAfterAPipeIsRefused() {
    let (report, _) = run("range(1, 3) | (map { . * 2 } | just 1)")
    XCTAssertEqual(report.diagnostics.map(\.id.rawValue), ["sourceAfterPipe"])
    XCTAssertEqual(
      report.diagnostics.first?.help, "a group after '|' holds operators only, such as (map { . } | take 2)")
  }
}
