import Foundation
import PipeProcessSupport
import XCTest

extension XCTestCase {
  /// `pipe export --to LIBRARY --code CODE`.
  func exportRun(_ library: String, _ code: String) throws -> PipeRun {
    try PipeProcess.run(["export", "--to", library, "--code", code])
  }

  /// The export of `code` to `library` is refused: exit 3, nothing on standard output, a
  /// message naming `stage` and saying `reason`, with a caret. Returns the run.
  @discardableResult
  func assertExportRefused(
    _ library: String, _ code: String, stage: String, because reason: String, line: UInt = #line
  ) throws -> PipeRun {
    let run = try exportRun(library, code)
    XCTAssertEqual(run.status, 3, "\(library): \(run.stdout)", line: line)
    XCTAssertEqual(run.stdout, "", library, line: line)
    XCTAssertTrue(
      run.stderr.contains("cannot export '\(stage)' to "), "\(library): \(run.stderr)", line: line)
    XCTAssertTrue(run.stderr.contains(reason), "\(library): \(run.stderr)", line: line)
    XCTAssertTrue(run.stderr.contains("^"), "\(library): \(run.stderr)", line: line)
    return run
  }
}
