import Foundation
import PipeProcessSupport
import XCTest

/// `pipe hint FILE`: the exercise's hints one at a time, remembered per student, and what a
/// joined room hears. Every test starts `pipe`.
final class HintCommandTests: XCTestCase {
  func testEachCallShowsTheNextHintThenSaysThereAreNoMore() throws {
    let home = try TemporaryFolder.home(for: self)
    let exercise = "workshop/exercises/03-try-again.pipe"
    let text = try PipeProcess.read(exercise)
    let hints = text.split(separator: "\n").filter { $0.hasPrefix("# hint: ") }.map { $0.dropFirst(8) }
    XCTAssertGreaterThanOrEqual(hints.count, 2)
    var shown: [String] = []
    for _ in 0...hints.count {
      let run = try PipeProcess.run(["hint", exercise], home: home)
      XCTAssertEqual(run.status, 0, run.output)
      shown.append(run.stdout)
    }
    for (index, hint) in hints.enumerated() {
      XCTAssertEqual(shown[index], "hint \(index + 1) of \(hints.count): \(hint)\n")
    }
    XCTAssertEqual(shown.last, "no more hints for 03-try-again: you have seen all \(hints.count)\n")
    // Remembered in pipe's state, per exercise: another exercise starts at its first hint.
    let state = try String(contentsOfFile: home + "/.local/state/pipe/hints.json", encoding: .utf8)
    XCTAssertEqual(state, #"{"03-try-again":\#(hints.count)}"# + "\n")
    let other = try PipeProcess.run(["hint", "workshop/exercises/07-keep-going.pipe"], home: home)
    XCTAssertTrue(other.stdout.hasPrefix("hint 1 of "), other.stdout)
    // Another student (another HOME) starts at the first hint too.
    let fresh = try PipeProcess.run(["hint", exercise])
    XCTAssertEqual(fresh.stdout, shown[0])
  }

  func testAFileWithoutHintsSaysSoAndAMissingFileIsAUsageError() throws {
    let folder = try TemporaryFolder.make(for: self)
    let file = folder.appendingPathComponent("plain.pipe")
    try "just 1 | expect [1]\n".write(to: file, atomically: true, encoding: .utf8)
    XCTAssertEqual(try PipeProcess.run(["hint", file.path]).stdout, "\(file.path) has no hints\n")
    let missing = try PipeProcess.run(["hint", folder.path + "/nope.pipe"])
    XCTAssertEqual(missing.status, 64, missing.output)
  }

  /// A hint's text is the file's: a control character in it is shown, not obeyed.
  func testAHintWithAnEscapeIsShownVisibly() throws {
    let folder = try TemporaryFolder.make(for: self)
    let file = folder.appendingPathComponent("sly.pipe")
    try "# hint: look \u{1B}[2J here\njust 1 | expect [1]\n".write(
      to: file, atomically: true, encoding: .utf8)
    let run = try PipeProcess.run(["hint", file.path])
    XCTAssertEqual(run.stdout, "hint 1 of 1: look \\u{1B}[2J here\n")
  }

  func testAJoinedRoomHearsHowManyHintsWereUsed() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try PipeProcess.run(["join", room.url, "--name", "cy"], home: home).status, 0)
    let exercise = "workshop/exercises/03-try-again.pipe"
    XCTAssertEqual(try PipeProcess.run(["hint", exercise], home: home).status, 0)
    XCTAssertEqual(try PipeProcess.run(["hint", exercise], home: home).status, 0)
    let reports = try room.waitForRequests(2) { $0.method == "POST" }
    XCTAssertEqual(reports.map(\.path), ["/_room/report", "/_room/report"])
    XCTAssertEqual(reports[1].json["name"] as? String, "cy")
    XCTAssertEqual(reports[1].json["exercise"] as? String, "03-try-again")
    XCTAssertEqual(reports[1].json["kind"] as? String, "hint")
    XCTAssertEqual(reports[1].json["hintsUsed"] as? Int, 2)
    // The fifth field is the secret `pipe join` made, which keeps the name this student's.
    XCTAssertEqual((reports[1].json["secret"] as? String)?.isEmpty, false)
    XCTAssertEqual(reports[1].json.count, 5)
    // And a check reports the count.
    _ = try PipeProcess.run(["check", exercise], home: home)
    let check = try room.waitForRequests(1) { $0.json["kind"] as? String == "check" }
    XCTAssertEqual(check[0].json["hintsUsed"] as? Int, 2)
  }
}
