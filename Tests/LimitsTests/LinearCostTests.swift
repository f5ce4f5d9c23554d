import Foundation
import PipeProcessSupport
import XCTest

/// The cost of a script grows with its length, not its square (issue 25, item 4): each test
/// times a text and one four times longer in the same run of the same binary, and compares
/// the ratio, never a wall-clock bound. Every test starts the built `pipe`.
final class LinearCostTests: XCTestCase {
  /// Seconds `pipe` takes for `text` on standard input.
  private func seconds(_ text: String) throws -> Double {
    let start = ContinuousClock.now
    let run = try PipeProcess.run([], input: text, timeout: 300)
    let elapsed = ContinuousClock.now - start
    XCTAssertFalse(run.signaled, String(run.output.prefix(2000)))
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// The ratio of the time for `long` lines to the time for `short`.
  private func ratio(
    short: Int, long: Int, _ line: (Int) -> String, ending: (Int) -> String = { _ in "" }
  ) throws -> Double {
    let shortTime = try seconds((0..<short).map(line).joined(separator: "\n") + "\n" + ending(short))
    let longTime = try seconds((0..<long).map(line).joined(separator: "\n") + "\n" + ending(long))
    return longTime / shortTime
  }

  /// 10k lines took 0.78 s, 20k 3.0 s, 30k 7.8 s: every statement looked at every job before it.
  func testManyStatementsCostLinearly() throws {
    let ratio = try ratio(short: 5000, long: 20000) { _ in "just 1 | discard" }
    XCTAssertLessThan(ratio, 6, "20k statements took \(ratio)× as long as 5k")
  }

  /// A 2,000-line `let` chain took 13.5 s to report its error.
  func testALongLetChainReportsItsErrorInLinearTime() throws {
    let line = { (index: Int) in
      index == 0 ? "let s0 = just 1" : "let s\(index) = s\(index - 1) | map { . + 1 }"
    }
    let ratio = try ratio(short: 500, long: 2000, line, ending: { "s\($0 - 1) | nosuchstage\n" })
    XCTAssertLessThan(ratio, 6, "a 2000-line let chain took \(ratio)× as long as a 500-line one")
  }

  /// The most memory `pipe` held running `lines` lines of `just 1 | discard` from standard
  /// input under `ulimit -v` (GNU time's maximum resident set, in KiB).
  private func residentKiB(lines: Int) throws -> Int {
    let command =
      "ulimit -v 4000000; yes 'just 1 | discard' | head -n \(lines) | /usr/bin/time -f 'maxrss %M' '\(Products.pipe)'"
    let run = try Spawned(["-c", command], environment: PipeProcess.environment(), executable: "/bin/sh")
      .wait(timeout: 300)
    XCTAssertEqual(run.status, 0, String(run.output.suffix(2000)))
    let field = run.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss ") }
    return try XCTUnwrap(field.flatMap { Int($0.dropFirst("maxrss ".count)) }, run.stderr)
  }

  /// `yes 'just 1 | discard' | pipe` grew to 2.1 GB: standard input was read whole, and every
  /// statement and job kept. Read a piece at a time, six times the text takes no more memory.
  func testAScriptOnStandardInputRunsInFlatMemory() throws {
    let short = try residentKiB(lines: 20000)
    let long = try residentKiB(lines: 120_000)
    XCTAssertLessThan(Double(long) / Double(short), 1.5, "20k lines: \(short) KiB, 120k lines: \(long) KiB")
  }
}
