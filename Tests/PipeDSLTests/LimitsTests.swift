import PipeDSL
import XCTest

/// Inputs long enough to overflow the stack are refused with a message, never run.
final class LimitsTests: XCTestCase {
  func diagnostics(_ text: String) -> [Diagnostic] {
    let parsed = Parser.parse(SourceFile(name: "demo.pipe", text: text))
    guard !parsed.hasErrors else { return parsed.diagnostics }
    let compiler = Compiler(settings: Settings())
    _ = compiler.compile(parsed.tree)
    return compiler.diagnostics
  }

  func testAnOperatorChainPastTheLimitIsReportedOnce() {
    let sum = Array(repeating: "1", count: 20_000).joined(separator: " + ")
    let found = diagnostics("just 1 | map { \(sum) }")
    XCTAssertEqual(found.map(\.message), ["expression too long: more than 1000 operators"])
    XCTAssertEqual(
      diagnostics("just 1 | map { \(Array(repeating: "1", count: 1001).joined(separator: "+")) }"), [])
  }

  func testAFieldChainPastTheLimitIsReportedOnce() {
    let path = Array(repeating: "a", count: 5000).joined(separator: ".")
    XCTAssertEqual(diagnostics("just 1 | map { .\(path) }").map(\.id), [.expressionTooLong])
    XCTAssertEqual(diagnostics("just 1 | map { x.\(path) }").map(\.id), [.expressionTooLong])
  }

  func testAPipelinePastTheStageLimitIsRefused() {
    let stages = Array(repeating: "map { . }", count: 1000).joined(separator: " | ")
    XCTAssertEqual(
      diagnostics("just 1 | \(stages)").map(\.message),
      ["this pipeline has 1001 stages; pipe runs at most 1000"])
    XCTAssertEqual(diagnostics("just 1 | \(stages.dropFirst(12))"), [])
  }

  func testNamedAndNestedPipelinesCountTowardsTheLimit() {
    let half = Array(repeating: "map { . }", count: 600).joined(separator: " | ")
    let found = diagnostics("let a = just 1 | \(half)\na | flatMap (just . | \(half))")
    XCTAssertEqual(found.map(\.id), [.pipelineTooLong])
    XCTAssertEqual(found.first?.message, "this pipeline has 1203 stages; pipe runs at most 1000")
  }
}
