import Foundation
import PipeProcessSupport
import XCTest

/// A script's bytes, read one way from a file, standard input, `pipe check` and `:load`:
/// invalid UTF-8 is a diagnostic at the first bad byte, and no message echoes a long line
/// whole.
final class ScriptSourceTests: XCTestCase {
  private func script(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString).pipe")
      .path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }

  /// `just 1`, then a line with byte 0xFF inside a string.
  private let badBytes = Array("just 1\njust \"ab".utf8) + [0xFF] + Array("cd\" | show\n".utf8)

  func testInvalidUTF8InAFileIsADiagnosticAtTheFirstBadByte() throws {
    let path = try script(badBytes)
    let run = try PipeBinary.run(["run", path])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, "", "nothing runs")
    XCTAssertEqual(
      run.error,
      """
      \(path):2:9: error: invalid UTF-8: byte 0xFF starts no character
      2 | just "ab\u{FFFD}cd" | show
        |         ^
        = help: save the file as UTF-8

      """)
  }

  func testTheSameBytesOnStandardInputSayTheSame() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PipeBinary.path)
    let (input, error) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(badBytes))
    try input.fileHandleForWriting.close()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 2)
    XCTAssertTrue(
      message.hasPrefix("<stdin>:2:9: error: invalid UTF-8: byte 0xFF starts no character"), message)
  }

  func testCheckCountsAnUnreadableScriptAsAFailure() throws {
    let path = try script(badBytes)
    let run = try PipeBinary.run(["check", path])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.output.contains("\(path):2:9: error: invalid UTF-8"), run.output)
  }

  /// A 1 MB line echoed 1 to 2 MB; now every message quotes at most about 200 characters.
  func testNoMessageEchoesALongLineWhole() throws {
    let long = String(repeating: "y", count: 1_000_000)
    for text in [
      "just \"\(long)\" | fliter\n", "just 1 | fliter { . } \(long)\n", "fail x \"\(long)\"\n",
      "just \"\(long)\" | expect [1]\n",
    ] {
      let run = try PipeBinary.run(["run", try script(Array(text.utf8))])
      XCTAssertNotEqual(run.status, 0)
      XCTAssertLessThan(run.output.utf8.count + run.error.utf8.count, 1200, String(text.prefix(40)))
      for line in (run.output + run.error).split(separator: "\n") {
        XCTAssertLessThanOrEqual(line.count, 480, String(line.prefix(80)))
      }
    }
  }

  func testChecksThatCheckNothingFail() throws {
    let empty = try PipeBinary.run(["check", try script([])])
    XCTAssertEqual(empty.status, 1)
    XCTAssertTrue(empty.output.contains("nothing was checked: the script has no expect line"), empty.output)
    let unhandled = try PipeBinary.run([
      "check", try script(Array("fail serverFailure\njust 1 | expect [1]\n".utf8)),
    ])
    XCTAssertEqual(unhandled.status, 1)
    XCTAssertTrue(unhandled.output.contains("unhandled error: serverFailure"), unhandled.output)
    XCTAssertTrue(unhandled.output.contains(": 1 passed, 1 failed"), unhandled.output)
    let attempts = try PipeBinary.run([
      "check", try script(Array("cold \"#\" | retry 2 | expect attempts 3\n".utf8)),
    ])
    XCTAssertTrue(
      attempts.output.contains("  2 attempts, expected 3: the first stage was subscribed 2 times"),
      attempts.output)
  }
}
