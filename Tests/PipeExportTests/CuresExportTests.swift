import PipeProcessSupport
import XCTest

/// The cures of issue 32 have no operator in RxSwift, Combine or RxJS: `pipe export` refuses
/// each with a caret under the stage and the reason, and writes no code.
final class CuresExportTests: XCTestCase {
  private func refuses(_ code: String, stage: String, because reason: String, line: UInt = #line) throws {
    for (library, title) in [("rxswift", "RxSwift"), ("combine", "Combine"), ("rxjs", "RxJS")] {
      let result = try PipeProcess.run(["export", "--to", library, "--code", code], errors: .output)
      XCTAssertEqual(result.status, 3, result.output, line: line)
      XCTAssertTrue(
        result.output.contains("error: cannot export '\(stage)' to \(title): \(title) \(reason)"),
        result.output,
        line: line)
      XCTAssertTrue(result.output.contains("^^^^"), result.output, line: line)
      XCTAssertFalse(result.output.contains("import"), result.output, line: line)
    }
  }

  func testHedgeIsRefusedWithTheReason() throws {
    try refuses(
      #"cold "a|" | hedge(after: 1s) | show"#, stage: "hedge(after: 1s)", because: "has no hedging operator")
  }

  func testBulkheadIsRefusedWithTheReason() throws {
    try refuses(#"cold "a|" | bulkhead(2) db | show"#, stage: "bulkhead(2) db", because: "has no bulkhead")
  }

  func testRateLimitIsRefusedWithTheReason() throws {
    try refuses(
      #"cold "a|" | rateLimit(5 per 1s) api | show"#, stage: "rateLimit(5 per 1s) api",
      because: "has no rate limiter")
  }

  func testARetryBudgetIsRefusedWithTheReason() throws {
    try refuses(
      #"cold "a|" | retryWhen budget(0.2, immediate(3)) | show"#,
      stage: "retryWhen budget(0.2, immediate(3))",
      because: "has no retry budget")
  }
}
