import Foundation
import PipeProcessSupport
import XCTest

/// The cost of a script grows with its length, not its square (issue 25, item 4): each test
/// times a text and one four times longer in the same run of the same binary, and compares
/// the ratio, never a wall-clock bound. Every test starts the built `pipe`.
final class LinearCostTests: XCTestCase {
  /// Seconds of processor time `pipe` takes for `text` on standard input (not of the clock,
  /// which grows when the machine is busy: `Growth.childCPUSeconds`).
  private func seconds(_ text: String) throws -> Double {
    var run: PipeRun?
    let seconds = try Growth.childCPUSeconds { run = try PipeProcess.run([], input: text, timeout: 300) }
    XCTAssertEqual(run?.signaled, false, String(run?.output.prefix(2000) ?? ""))
    return seconds
  }

  /// The ratio of the time for `long` lines to the time for `short` (the least of up to three
  /// turns of each: `Growth`), and what was measured.
  private func ratio(
    short: Int, long: Int, _ line: (Int) -> String, ending: (Int) -> String = { _ in "" }
  ) throws -> (ratio: Double, measured: String) {
    var texts: [Int: String] = [:]
    for count in [short, long] {
      texts[count] = (0..<count).map(line).joined(separator: "\n") + "\n" + ending(count)
    }
    return try Growth.ratio(small: short, large: long, under: 6, rounds: 3) { try seconds(texts[$0]!) }
  }

  /// 10k lines took 0.78 s, 20k 3.0 s, 30k 7.8 s: every statement looked at every job before it.
  func testManyStatementsCostLinearly() throws {
    let growth = try ratio(short: 5000, long: 20000) { _ in "just 1 | discard" }
    XCTAssertLessThan(growth.ratio, 6, "20k statements against 5k: " + growth.measured)
  }

  /// A 2,000-line `let` chain took 13.5 s to report its error.
  func testALongLetChainReportsItsErrorInLinearTime() throws {
    let line = { (index: Int) in
      index == 0 ? "let s0 = just 1" : "let s\(index) = s\(index - 1) | map { . + 1 }"
    }
    let growth = try ratio(short: 500, long: 2000, line, ending: { "s\($0 - 1) | nosuchstage\n" })
    XCTAssertLessThan(growth.ratio, 6, "a 2000-line let chain against a 500-line one: " + growth.measured)
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
