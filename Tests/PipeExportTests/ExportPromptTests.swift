import Foundation
import PipeProcessSupport
import XCTest

/// `:export rxswift|combine|rxjs [FILE]`: the last pipeline that ran, through the real binary.
final class ExportPromptTests: XCTestCase {
  func testExportPrintsTheLastPipelineThatRan() throws {
    let result = try PipeProcess.run([
      "-e", "just 1\nfail serverFailure | retry 3 | catchAndReturn 0\n:export combine",
    ])
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("// fail serverFailure | retry 3 | catchAndReturn 0"), result.output)
    XCTAssertTrue(result.output.contains(".retry(2)  // pipe's retry 3: 3 attempts in all"), result.output)
    XCTAssertFalse(result.output.contains("// just 1"), result.output)
  }

  func testExportWritesAFileAndSaysSo() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).ts")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PipeProcess.run(["-e", "of(1, 2) | retry 2\n:export rxjs \(path)"])
    XCTAssertTrue(result.output.contains("wrote \(path) ("), result.output)
    XCTAssertTrue(result.output.contains("lines of RxJS)"), result.output)
    let code = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(code.contains("retry(1)"), code)
  }

  func testExportBeforeAnyPipelineSaysWhatToDo() throws {
    let result = try PipeProcess.run(["-e", ":export rxswift"])
    XCTAssertTrue(
      result.output.contains("error: no pipeline has run yet: run one, then :export rxswift"), result.output)
  }

  func testAnUnknownWordAfterExportSaysWhatItTakes() throws {
    let result = try PipeProcess.run(["-e", "just 1\n:export kotlin"])
    XCTAssertTrue(
      result.output.contains("write :export svg FILE, or :export rxswift|combine|rxjs [FILE]"), result.output)
  }
}
