import Foundation
import PipeProcessSupport
import XCTest

/// Hand-ins that try to confuse what reads `pipe check`'s report, and statements of megabytes
/// that notes would echo whole (issue 25). Every test starts the built `pipe`.
final class GradingAttacksTests: XCTestCase {
  /// A hand-in named `c\nok 5 - injected.pipe` wrote its own `ok 5` line into the TAP report.
  func testAFileNameWithALineBreakAddsNoLineToTheTAPReport() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "check-names")
    try "just 1 | expect [2]\n".write(
      to: folder.appendingPathComponent("c\nok 5 - injected.pipe"), atomically: false, encoding: .utf8)
    let run = try PipeProcess.run(["check", folder.path, "--format", "tap"], timeout: 120)
    XCTAssertEqual(run.status, 1, run.output)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertFalse(
      lines.contains { $0.hasPrefix("ok") }, "a line a TAP reader takes as a case:\n\(run.stdout)")
    XCTAssertTrue(
      run.stdout.contains(#"not ok 1 - \#(folder.path)/c\\u{A}ok 5 - injected.pipe:1"#), run.stdout)
    let text = try PipeProcess.run(["check", folder.path], timeout: 120)
    XCTAssertTrue(
      text.stdout.contains(#"FAIL \#(folder.path)/c\u{A}ok 5 - injected.pipe: 0 passed, 1 failed"#),
      text.stdout)
  }

  /// A statement of 5 MB (a marble string) stopped at the horizon: its note quotes it on one
  /// line of at most 200 characters, not 5 MB.
  func testANoteQuotesAHugeStatementShortened() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "huge")
    let script = folder.appendingPathComponent("huge.pipe")
    try ("cold \"" + String(repeating: "-", count: 5_000_000) + "a|\" | count\n").write(
      to: script, atomically: false, encoding: .utf8)
    let run = try PipeProcess.run(["run", script.path], timeout: 300)
    XCTAssertFalse(run.signaled, String(run.output.prefix(2000)))
    XCTAssertTrue(run.stderr.contains("note: stopped 'cold \"-----"), String(run.output.prefix(2000)))
    XCTAssertLessThan(run.stderr.utf8.count, 2000, String(run.stderr.prefix(2000)))
  }
}
