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
