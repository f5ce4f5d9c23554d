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
    // Outside the current folder (the repository's root): allowed by the flag.
    let folder = FileManager.default.temporaryDirectory.path
    let result = try PipeProcess.run([
      "-e", "of(1, 2) | retry 2\n:export rxjs \(path)", "--allow-write=\(folder)",
    ])
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

  /// A file that cannot be written says why in a few words (it said Foundation's "The operation
  /// could not be completed. (NSCocoaErrorDomain error 512.)"), and `~` is the HOME the session
  /// was given, as at `:load` (it was the password database's home).
  func testExportToAFileItCannotWriteSaysWhyAndTildeIsHome() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "export-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let script = [
      "just 1 | retry 2", ":export rxjs \(home.path)/no-such-folder/x.ts", ":export rxjs \(home.path)",
      ":export rxswift ~/last.swift", "cold \"-a|\" | marbles", ":export svg ~/missing/d.svg",
      ":export svg ~/d.svg",
    ].joined(separator: "\n")
    let result = try PipeProcess.run(["-e", script, "--allow-write=\(home.path)"], home: home.path)
    XCTAssertTrue(
      result.output.contains(
        "error: cannot write '\(home.path)/no-such-folder/x.ts': no such folder '\(home.path)/no-such-folder'"
      ),
      result.output)
    XCTAssertTrue(result.output.contains("error: cannot write '\(home.path)': it is a folder"), result.output)
    XCTAssertTrue(result.output.contains("wrote ~/last.swift ("), result.output)
    XCTAssertTrue(
      result.output.contains("error: cannot write '~/missing/d.svg': no such folder '\(home.path)/missing'"),
      result.output)
    XCTAssertTrue(result.output.contains("wrote ~/d.svg"), result.output)
    XCTAssertFalse(result.output.contains("NSCocoaErrorDomain"), result.output)
    let written = try String(contentsOf: home.appendingPathComponent("last.swift"), encoding: .utf8)
    XCTAssertTrue(written.contains(".retry(2)"), written)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("d.svg").path))
  }
}
