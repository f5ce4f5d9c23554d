import Foundation
import PipeProcessSupport
import XCTest

/// What the tests of pipe's limits share: a run of `pipe -e`, and what a run that passed a
/// limit ends with.
extension XCTestCase {
  /// `pipe -e CODE`, in `sh -c` under `ulimit -v` when `memory` (KiB) is given.
  func pipe(_ code: String, memory: Int? = nil, timeout: TimeInterval = 120) throws -> PipeRun {
    guard let memory else { return try PipeProcess.run(["-e", code], timeout: timeout) }
    let quoted = "'" + code.replacingOccurrences(of: "'", with: "'\\''") + "'"
    return try Program.run(
      "/bin/sh", ["-c", "ulimit -v \(memory); exec '\(Products.pipe)' -e \(quoted)"], timeout: timeout)
  }

  /// The run ended with exit status 1 and a `limitExceeded` error that says `text`.
  func assertEndsWithLimit(
    _ run: PipeRun, saying text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertFalse(run.signaled, "ended by a signal:\n\(run.output)", file: file, line: line)
    XCTAssertEqual(run.status, 1, run.output, file: file, line: line)
    XCTAssertTrue(run.output.contains("limitExceeded"), run.output, file: file, line: line)
    XCTAssertTrue(run.output.contains(text), run.output, file: file, line: line)
  }
}
