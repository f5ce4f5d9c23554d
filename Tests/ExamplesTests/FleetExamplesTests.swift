import Foundation
import PipeProcessSupport
import XCTest

/// examples/fleet tells the retry storm's story with `expect` lines (ExamplesTests grades them
/// with the rest); here each gets its negative twin, the claim the story refutes, which
/// `pipe check` must fail: immediate retries do not leave load as it was, back-off without
/// jitter is refused when it comes back, full jitter is not.
final class FleetExamplesTests: XCTestCase {
  func testEachStoryFailsWithTheClaimItRefutes() throws {
    let twins = [
      ("01-immediate-retries.pipe", "amplification: 34.67, peak: 3371", "amplification: 1.0, peak: 1000"),
      ("02-backoff-waves.pipe", "refused: 304", "refused: 0"),
      ("03-full-jitter.pipe", "refused: 0", "refused: 304"),
      ("04-retry-budget.pipe", "amplification: 1.11,", "amplification: 34.67,"),
    ]
    let folder = try TemporaryFolder.make(prefix: "fleet-twins")
    defer { try? FileManager.default.removeItem(at: folder) }
    var scripts: [String] = []
    for (name, claim, refuted) in twins {
      let story = PipeProcess.repository.appendingPathComponent("examples/fleet/\(name)")
      let text = try String(contentsOf: story, encoding: .utf8)
      let expectLine = try XCTUnwrap(text.split(separator: "\n").last { $0.contains("| expect ") })
      XCTAssertTrue(expectLine.contains(claim), "\(name) claims \(claim)")
      let twin = folder.appendingPathComponent(name)
      let refuting = text.replacingOccurrences(of: claim, with: refuted)
      try refuting.write(to: twin, atomically: true, encoding: .utf8)
      scripts.append(twin.path)
    }
    let result = try PipeProcess.run(["check"] + scripts)
    XCTAssertEqual(result.stdoutLines.last, "0 passed, 4 failed", result.stdout)
    XCTAssertEqual(result.status, 1)
  }
}

extension FleetExamplesTests {
  /// 05-hedging-p99 claims p99 is the slow time without hedging and far below it with
  /// `hedge`: its twin swaps the two p99s, and both of its expectations must fail.
  func testHedgingsStoryFailsWithThePercentilesSwapped() throws {
    let story = PipeProcess.repository.appendingPathComponent("examples/fleet/05-hedging-p99.pipe")
    let text = try String(contentsOf: story, encoding: .utf8)
    let (without, with) = ("p99: 5000, attempts: 1000", "p99: 881, attempts: 1049")
    XCTAssertEqual(text.components(separatedBy: without).count, 2, "one expect says \(without)")
    XCTAssertEqual(text.components(separatedBy: with).count, 2, "one expect says \(with)")
    let swapped = text.replacingOccurrences(of: without, with: "SWAP").replacingOccurrences(
      of: with, with: without
    )
    .replacingOccurrences(of: "SWAP", with: with)
    let folder = try TemporaryFolder.make(prefix: "fleet-hedge-twin")
    defer { try? FileManager.default.removeItem(at: folder) }
    let twin = folder.appendingPathComponent("05-hedging-p99.pipe")
    try swapped.write(to: twin, atomically: true, encoding: .utf8)
    let result = try PipeProcess.run(["check", twin.path])
    XCTAssertEqual(result.stdoutLines.last, "0 passed, 2 failed", result.stdout)
    XCTAssertEqual(result.status, 1)
  }
}
