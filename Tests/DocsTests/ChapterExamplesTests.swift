import PipeProcessSupport
import XCTest

/// The chapter's examples hold: `pipe check examples/chapter` passes, and every file says
/// what it teaches before anything else.
final class ChapterExamplesTests: XCTestCase {
  func testEveryExamplePasses() throws {
    let run = try PipeProcess.run(["check", "examples/chapter"], errors: .output)
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.output.hasSuffix(" passed, 0 failed\n"), run.output)
    XCTAssertFalse(run.output.contains("FAIL"), run.output)
  }

  func testEveryExampleOpensWithTwoOrThreeLinesOnWhatItTeaches() throws {
    let files = try PipeProcess.files(in: "examples/chapter", suffix: ".pipe")
    XCTAssertGreaterThanOrEqual(files.count, 18)
    for file in files {
      let lines = try PipeProcess.read(file).split(separator: "\n", omittingEmptySubsequences: false)
      let opening = lines.prefix { $0.hasPrefix("# ") }.count
      XCTAssertTrue((2...3).contains(opening), "\(file) opens with \(opening) comment lines")
      XCTAssertTrue(lines.contains { $0.contains("| expect ") }, "\(file) has expect lines")
    }
  }
}
