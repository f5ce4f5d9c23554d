import PipeProcessSupport
import XCTest

/// Every job traces into a tracer of its own: a `log` or `marbles` job that ends leaves
/// nothing behind that a later, unrelated statement would trace into.
final class JobTracerTests: XCTestCase {
  func testAnEndedLoggingJobDoesNotLogTheNextStatement() throws {
    let script = """
      every 50ms|take 2|log &
      every 100ms|take 3|marbles &
      timer 600ms|discard
      just 5|show

      """
    let result = try PipeProcess.run(["--clock", "real"], input: script)
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.last, "5", result.stdout)
    // `log` lines read `TIME #NODE LABEL ...`: only the logged job's two stages may appear.
    let logged = lines.compactMap { line -> String? in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count > 1, words[1].hasPrefix("#") else { return nil }
      return String(words[1])
    }
    XCTAssertEqual(Set(logged), ["#0", "#1"], result.stdout)
    XCTAssertEqual(logged.count, 9, result.stdout)
    XCTAssertFalse(result.stdout.contains("next 5"), result.stdout)
  }
}
