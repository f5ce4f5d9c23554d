import Foundation
import PipeProcessSupport
import XCTest

/// What no library has and no helper of the exporter does is refused, exit 3, with the stage
/// under a caret and why (issue 27): never a translation with a comment instead.
final class ExportRefusalTests: XCTestCase {
  private func export(_ library: String, _ code: String) throws -> PipeRun { try exportRun(library, code) }

  private func assertRefused(
    _ library: String, _ code: String, stage: String, because reason: String, line: UInt = #line
  ) throws {
    try assertExportRefused(library, code, stage: stage, because: reason, line: line)
  }

  func testChaosIsRefusedEverywhere() throws {
    for library in ["rxswift", "combine", "rxjs"] {
      try assertRefused(
        library, "range(1, 5) | chaos(rate: 0.3) | retry 10 | collect", stage: "chaos(rate: 0.3)",
        because: "chaos injects pipe's own simulated faults")
    }
  }

  /// Combine gets the exporter's circuit breaker helper; the others have none.
  func testACircuitBreakerIsRefusedWhereThereIsNoHelper() throws {
    let code = #"cold "-#" | circuitBreaker(failures: 2) | retry 3"#
    for library in ["rxswift", "rxjs"] {
      try assertRefused(
        library, code, stage: "circuitBreaker(failures: 2)", because: "has no circuit breaker")
    }
    let combine = try export("combine", code)
    XCTAssertEqual(combine.status, 0, combine.stderr)
    XCTAssertTrue(combine.stdout.contains(".circuitBreaker(breaker1)"), combine.stdout)
  }

  func testAskingThePersonIsRefused() throws {
    for library in ["rxswift", "combine", "rxjs"] {
      try assertRefused(
        library, #"weather "xyzzy" | catch ask"#, stage: "catch ask",
        because: "asks the person at pipe's prompt")
      try assertRefused(
        library, #"weather "xyzzy" | retryWhen [cityNotFound: ask, *: backoff(1)]"#,
        stage: "retryWhen [cityNotFound: ask, *: backoff(1)]", because: "asks the person at pipe's prompt")
    }
  }

  func testOtherFormsWithoutAFaithfulTranslation() throws {
    try assertRefused("rxswift", #"cold "-a|" | repeat"#, stage: "repeat", because: "give repeat a count")
    try assertRefused(
      "combine", #"cold "---a|" | timeout 2ms (just "late")"#, stage: #"timeout 2ms (just "late")"#,
      because: "Combine's timeout has no fallback stream")
    try assertRefused(
      "combine", #"cold "-a-b-c|" | buffer 2 3ms"#, stage: "buffer 2 3ms", because: "sends no empty list")
  }
}
