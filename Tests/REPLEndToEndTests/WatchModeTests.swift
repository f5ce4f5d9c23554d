import Foundation
import PipeProcessSupport
import XCTest

/// `pipe check --watch`: the first result, a new one soon after a file is saved (rewritten
/// in place, or renamed over as editors do), and Ctrl-C. Every test starts `pipe`.
final class WatchModeTests: XCTestCase {
  private static let failing = """
    cold "-a|" | expect "-b|"

    """
  private static let passing = """
    cold "-a|" | expect "-a|"

    """

  private func folderWithOneFailingScript() throws -> URL {
    let folder = try TemporaryFolder.make(for: self, prefix: "watch")
    try Self.failing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    try Self.passing.write(to: folder.appendingPathComponent("two.pipe"), atomically: false, encoding: .utf8)
    return folder
  }

  private func watch(_ path: String, home: String? = nil) throws -> Spawned {
    let watcher = try Spawned(["check", "--watch", path], environment: PipeProcess.environment(home: home))
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(
      watcher.waitForOutput(timeout: 10) { $0.contains("watching 2 files") },
      "the first result: \(watcher.stdout)")
    return watcher
  }

  /// The time from the save to the new result: at most 2 s (the promise is 300 ms; the
  /// margin is for a loaded machine), else the test fails.
  private func waitForNewResult(_ watcher: Spawned, count: Int) {
    let saved = Date()
    let came = watcher.waitForOutput(timeout: 2) {
      $0.components(separatedBy: "watching 2 files").count > count
    }
    XCTAssertTrue(came, "no new result within 2 s of the save: \(watcher.stdout)")
    print("watch: the new result came \(Int(Date().timeIntervalSince(saved) * 1000)) ms after the save")
  }

  func testASavedFileIsGradedAgainAndCtrlCLeavesWith130() throws {
    let folder = try folderWithOneFailingScript()
    let watcher = try watch(folder.path)
    XCTAssertTrue(watcher.stdout.contains("FAIL \(folder.path)/one.pipe: 0 passed, 1 failed"), watcher.stdout)
    XCTAssertTrue(watcher.stdout.contains("1 passed, 1 failed\n"), watcher.stdout)
    // Rewritten in place.
    try Self.passing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    waitForNewResult(watcher, count: 2)
    let second = watcher.stdout.components(separatedBy: "watching 2 files")[1]
    XCTAssertTrue(
      second.contains("──── one.pipe changed ────"), "a separator, not a clear, on a pipe: \(second)")
    XCTAssertTrue(second.contains("ok   \(folder.path)/one.pipe: 1 passed, 0 failed"), second)
    XCTAssertFalse(second.contains("two.pipe"), "only what changed is graded again: \(second)")
    XCTAssertTrue(second.contains("2 passed, 0 failed\n"), "the summary is of every file: \(second)")
    XCTAssertFalse(second.contains("\u{1B}"), second)
    // Saved as an editor does: a new file renamed over the old one.
    let temporary = folder.appendingPathComponent(".one.pipe.swp")
    try Self.failing.write(to: temporary, atomically: false, encoding: .utf8)
    XCTAssertEqual(rename(temporary.path, folder.appendingPathComponent("one.pipe").path), 0)
    waitForNewResult(watcher, count: 3)
    let third = watcher.stdout.components(separatedBy: "watching 2 files")[2]
    XCTAssertTrue(third.contains("FAIL \(folder.path)/one.pipe: 0 passed, 1 failed"), third)

    watcher.signal(SIGINT)
    let run = watcher.wait(timeout: 5)
    XCTAssertFalse(run.signaled, "pipe leaves by itself on Ctrl-C")
    XCTAssertEqual(run.status, 130)
    XCTAssertEqual(run.stderr, "", "no stack trace, no note")
  }

  func testAWatchedFileAloneIsGradedAgainWhenSaved() throws {
    let folder = try folderWithOneFailingScript()
    let file = folder.appendingPathComponent("one.pipe")
    let watcher = try Spawned(["check", "--watch", file.path], environment: PipeProcess.environment())
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput(timeout: 10) { $0.contains("watching 1 file ") }, watcher.stdout)
    try Self.passing.write(to: folder.appendingPathComponent("two.pipe"), atomically: false, encoding: .utf8)
    try Self.passing.write(to: file, atomically: false, encoding: .utf8)
    XCTAssertTrue(
      watcher.waitForOutput(timeout: 2) { $0.contains("ok   \(file.path): 1 passed, 0 failed") },
      watcher.stdout)
    XCTAssertFalse(watcher.stdout.contains("two.pipe"), "a file not watched is not graded: \(watcher.stdout)")
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }

  /// A hand-in's name reaches the screen in watch mode as in pipe check: its escape
  /// sequences written visibly, never obeyed.
  func testAHandInsEscapesAreShownNotObeyed() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "watch")
    let file = folder.appendingPathComponent("evil\u{1B}]0;PWNED\u{7}.pipe")
    try Self.failing.write(to: file, atomically: false, encoding: .utf8)
    let watcher = try Spawned(["check", "--watch", folder.path], environment: PipeProcess.environment())
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput(timeout: 10) { $0.contains("watching 1 file ") }, watcher.stdout)
    XCTAssertTrue(watcher.stdout.contains(#"evil\u{1B}]0;PWNED\u{7}.pipe"#), watcher.stdout)
    XCTAssertFalse(watcher.stdout.contains("\u{1B}]0;PWNED"), "an escape reached the terminal")
    XCTAssertFalse(watcher.stdout.contains("\u{7}"), "a bell reached the terminal")
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }

  /// A room that was down when the watch started gets the results of the saves after it is up.
  func testARoomThatComesUpLaterGetsTheNextResult() throws {
    let port = try RecordingRoom.freePort()
    let home = try TemporaryFolder.home(for: self)
    let url = "http://127.0.0.1:\(port)"
    XCTAssertEqual(try PipeProcess.run(["join", url, "--name", "dee"], home: home).status, 0)
    let folder = try folderWithOneFailingScript()
    // Standard error with standard output, as a terminal shows them: the note, then the result.
    let watcher = try Spawned(
      ["check", "--watch", folder.path], environment: PipeProcess.environment(home: home), errors: .output)
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput("watching 2 files", timeout: 10), watcher.stdout)
    XCTAssertTrue(watcher.stdout.contains("the room at 127.0.0.1:\(port) cannot be reached"), watcher.stdout)
    let room = try RecordingRoom.start(test: self, port: port)
    try Self.passing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    let reports = try room.waitForRequests(1, timeout: 2) { $0.method == "POST" }
    XCTAssertEqual(reports[0].json["name"] as? String, "dee")
    XCTAssertEqual(reports[0].json["passed"] as? Bool, true)
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }

  /// Without inotify (here asked for, as for a network file system) the times are polled,
  /// and pipe says so once.
  func testPollingSeesASaveAndSaysSoOnce() throws {
    let folder = try folderWithOneFailingScript()
    let watcher = try Spawned(
      ["check", "--watch", folder.path],
      environment: PipeProcess.environment(adding: ["PIPE_WATCH_POLL": "1"]))
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput(timeout: 10) { $0.contains("watching 2 files") }, watcher.stdout)
    try Self.passing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    waitForNewResult(watcher, count: 2)
    XCTAssertTrue(watcher.stdout.contains("ok   \(folder.path)/one.pipe: 1 passed, 0 failed"), watcher.stdout)
    XCTAssertEqual(
      watcher.stderr,
      "note: watching by polling every 100 ms (inotify is not available, or PIPE_WATCH_POLL=1)\n")
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }

  /// On a terminal each new result replaces the screen: the cursor home, the screen cleared.
  func testOnATerminalEachResultClearsTheScreenFirst() throws {
    let folder = try folderWithOneFailingScript()
    let watcher = try Spawned(
      ["check", "--watch", folder.path], environment: PipeProcess.environment(), output: .terminal)
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput(timeout: 10) { $0.contains("watching 2 files") }, watcher.stdout)
    XCTAssertFalse(watcher.stdout.contains("\u{1B}[2J"), "the first result does not clear what was there")
    try Self.passing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    XCTAssertTrue(
      watcher.waitForOutput(timeout: 2) { $0.components(separatedBy: "watching 2 files").count > 2 },
      watcher.stdout)
    let second = watcher.stdout.components(separatedBy: "watching 2 files")[1]
    XCTAssertTrue(second.contains("\u{1B}[H\u{1B}[2J"), second.debugDescription)
    XCTAssertFalse(second.contains("────"), "no separator on a terminal")
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }

  /// With a room joined, each new result is reported too.
  func testEachNewResultIsReportedToAJoinedRoom() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try PipeProcess.run(["join", room.url, "--name", "bob"], home: home).status, 0)
    let folder = try folderWithOneFailingScript()
    let watcher = try watch(folder.path, home: home)
    try room.waitForRequests(2) { $0.method == "POST" }
    try Self.passing.write(to: folder.appendingPathComponent("one.pipe"), atomically: false, encoding: .utf8)
    let reports = try room.waitForRequests(3, timeout: 2) { $0.method == "POST" }
    XCTAssertEqual(reports[2].json["exercise"] as? String, "one")
    XCTAssertEqual(reports[2].json["passed"] as? Bool, true)
    XCTAssertEqual(reports[0].json["passed"] as? Bool, false)
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 5).status, 130)
  }
}
