import Foundation
import PipeProcessSupport
import XCTest

/// `pipe check examples` grades every example script, and every expectation in them holds.
final class ExamplesTests: XCTestCase {
  func testEveryExampleExpectationHolds() throws {
    let result = try PipeProcess.run(["check", "examples"])
    let expectations = try Self.expectStatementCount()
    XCTAssertEqual(result.stdoutLines.last, "\(expectations) passed, 0 failed", result.stdout)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertGreaterThanOrEqual(expectations, 50)
    XCTAssertFalse(result.stdout.contains("FAIL"), result.stdout)
  }

  /// Side effects are not graded by `expect`: their lines are checked here.
  func testOnErrorRunsPerAttemptAboveRetryAndOnceBelow() throws {
    let result = try PipeProcess.run(["run", "examples/rx/onerror-placement.pipe"])
    XCTAssertEqual(
      result.stdout,
      ["above: 1", "above: 2", "above: 3", "below: 1", "attempt 1 failed", "attempt 2 failed", ""]
        .joined(separator: "\n"))
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(result.status, 0)
  }

  func testEveryExampleOpensWithTwoOrThreeCommentLines() throws {
    for file in try Self.exampleFiles() {
      let lines = try String(contentsOf: file, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      let opening = lines.prefix { $0.hasPrefix("#") }.count
      XCTAssertTrue(
        (2...3).contains(opening), "\(file.lastPathComponent) opens with \(opening) comment lines")
    }
  }

  static func exampleFiles() throws -> [URL] {
    let root = PipeProcess.repository.appendingPathComponent("examples")
    let names = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
    return names.filter { $0.hasSuffix(".pipe") }.sorted().map { root.appendingPathComponent($0) }
  }

  /// How many statements of the examples end in `expect`: each is one graded expectation.
  static func expectStatementCount() throws -> Int {
    try exampleFiles().reduce(0) { count, file in
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      return count + lines.filter { !$0.hasPrefix("#") && $0.contains("| expect ") }.count
    }
  }
}
