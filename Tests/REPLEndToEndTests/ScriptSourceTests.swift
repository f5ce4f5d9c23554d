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
    let run = try PipeProcess.run(["run", path])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stdout, "", "nothing runs")
    XCTAssertEqual(
      run.stderr,
      """
      \(path):2:9: error: invalid UTF-8: byte 0xFF starts no character
      2 | just "ab\u{FFFD}cd" | show
        |         ^
        = help: save the file as UTF-8

      """)
  }

  func testTheSameBytesOnStandardInputSayTheSame() throws {
    let process = try Spawned([], environment: PipeProcess.environment())
    process.send(bytes: badBytes)
    let run = process.wait()
    let message = run.stderr
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(
      message.hasPrefix("<stdin>:2:9: error: invalid UTF-8: byte 0xFF starts no character"), message)
  }

  func testCheckCountsAnUnreadableScriptAsAFailure() throws {
    let path = try script(badBytes)
    let run = try PipeProcess.run(["check", path])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.contains("\(path):2:9: error: invalid UTF-8"), run.stdout)
  }

  /// A 1 MB line echoed 1 to 2 MB; now every message quotes at most about 200 characters.
  func testNoMessageEchoesALongLineWhole() throws {
    let long = String(repeating: "y", count: 1_000_000)
    for text in [
      "just \"\(long)\" | fliter\n", "just 1 | fliter { . } \(long)\n", "fail x \"\(long)\"\n",
      "just \"\(long)\" | expect [1]\n",
    ] {
      let run = try PipeProcess.run(["run", try script(Array(text.utf8))])
      XCTAssertNotEqual(run.status, 0)
      XCTAssertLessThan(run.stdout.utf8.count + run.stderr.utf8.count, 1200, String(text.prefix(40)))
      for line in (run.stdout + run.stderr).split(separator: "\n") {
        XCTAssertLessThanOrEqual(line.count, 480, String(line.prefix(80)))
      }
    }
  }

  func testChecksThatCheckNothingFail() throws {
    let empty = try PipeProcess.run(["check", try script([])])
    XCTAssertEqual(empty.status, 1)
    XCTAssertTrue(empty.stdout.contains("nothing was checked: the script has no expect line"), empty.stdout)
    let unhandled = try PipeProcess.run([
      "check", try script(Array("fail serverFailure\njust 1 | expect [1]\n".utf8)),
    ])
    XCTAssertEqual(unhandled.status, 1)
    XCTAssertTrue(unhandled.stdout.contains("unhandled error: serverFailure"), unhandled.stdout)
    XCTAssertTrue(unhandled.stdout.contains(": 1 passed, 1 failed"), unhandled.stdout)
    let attempts = try PipeProcess.run([
      "check", try script(Array("cold \"#\" | retry 2 | expect attempts 3\n".utf8)),
    ])
    XCTAssertTrue(
      attempts.stdout.contains("  2 attempts, expected 3: the first stage was subscribed 2 times"),
      attempts.stdout)
  }
}
