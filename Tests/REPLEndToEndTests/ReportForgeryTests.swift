import Foundation
import PipeProcessSupport
import XCTest

/// A hand-in's file name cannot forge a result in `pipe check`'s reports, through the real
/// binary: a name with a line break would start a line of its own (`ok 9` in TAP, `ok  x`
/// in the text report), a `# SKIP` or `# TODO` would make a failure a skip. Each report keeps
/// the name on its line, its line breaks written `\u{A}`.
final class ReportForgeryTests: XCTestCase {
  func testAFileNameWithALineBreakOrADirectiveForgesNoResult() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "pipe-forge").path
    let failing = "just 1 | expect \"(a|)\" [a: 2]\n"
    for name in ["a\nok 9 - forged.pipe", "b # SKIP.pipe", "c\r\nok 10 - forged # TODO.pipe"] {
      try failing.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    let tap = try PipeProcess.run(["check", "--format", "tap", folder])
    XCTAssertEqual(tap.status, 1, tap.output)
    let results = tap.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }
    XCTAssertEqual(results.count, 3, tap.stdout)
    XCTAssertTrue(results.allSatisfy { $0.hasPrefix("not ok") && !$0.contains(" # ") }, tap.stdout)
    // TAP escapes the backslash of `\u{A}` too.
    XCTAssertTrue(tap.stdout.contains(#"not ok 1 - \#(folder)/a\\u{A}ok 9 - forged.pipe:1"#), tap.stdout)
    let text = try PipeProcess.run(["check", folder])
    XCTAssertEqual(text.status, 1, text.output)
    XCTAssertFalse(text.stdout.split(separator: "\n").contains { $0.hasPrefix("ok") }, text.stdout)
    XCTAssertTrue(text.stdout.contains("0 passed, 3 failed"), text.stdout)
    let junit = try PipeProcess.run(["check", "--format", "junit", folder])
    XCTAssertTrue(
      junit.stdout.contains(#"<failure message="\#(folder)/a\u{A}ok 9 - forged.pipe:1: expectation failed"#),
      junit.stdout)
  }
}
