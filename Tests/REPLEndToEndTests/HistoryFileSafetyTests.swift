import Foundation
import PipeProcessSupport
import XCTest

/// The history file never holds the prompt up, is never written through a link, is read in
/// bounded time, says when it is off, and never keeps a secret in clear: each driven in tmux
/// as a person meets it. Starts processes (tmux, pipe, python3, flock).
final class HistoryFileSafetyTests: XCTestCase {
  private func historyPath(_ home: String) throws -> String {
    let folder = home + "/.local/share/pipe"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/history"
  }

  /// A FIFO in the history's place froze the prompt before its first line (`open` waited for
  /// a writer), and Ctrl-C did nothing.
  func testAFIFOIsRefusedWithANote() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = try historyPath(home)
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let pane = try Tmux.start(test: self, home: home)  // fails unless the prompt shows within 5 s
    try pane.waitFor("the note") {
      $0.contains("history is off for this session") && $0.contains("FIFO")
    }
    try pane.type("just 41 | show", enter: true)
    try pane.waitFor("the statement to run") { $0.contains("\n41") }
    try pane.press("C-c")
    try pane.type("just 42 | show", enter: true)
    try pane.waitFor("Ctrl-C then another statement") { $0.contains("\n42") }
  }

  /// A prompt started while `flock` (another process) holds the history's lock.
  private func promptWithTheLockHeld() throws -> (Tmux, Spawned) {
    let home = try TemporaryFolder.home(for: self)
    let lock = (try historyPath(home) as NSString).deletingLastPathComponent + "/.history.lock"
    let holder = try Spawned(
      ["flock", lock, "sh", "-c", "echo held; exec sleep 60"], environment: PipeProcess.environment(),
      executable: "/usr/bin/env")
    XCTAssertTrue(holder.waitForOutput("held"), holder.stderr)
    return (try Tmux.start(test: self, home: home), holder)
  }

  /// Another process holding the history's lock froze every statement entered (`flock` waited
  /// for ever, Ctrl-C did nothing): now the wait is bounded, and the file is off after it.
  func testALockHeldElsewhereIsWaitedForAtMostTwoSeconds() throws {
    let (pane, holder) = try promptWithTheLockHeld()
    defer { holder.killGroup() }
    let started = Date()
    try pane.type("just 41 | show", enter: true)
    try pane.waitFor("the statement to run", timeout: 6) {
      $0.contains("\n41") && $0.contains("history is off for this session") && $0.contains("lock")
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    let again = Date()
    try pane.type("just 42 | show", enter: true)
    try pane.waitFor("the next statement, without a wait", timeout: 1.5) { $0.contains("\n42") }
    XCTAssertLessThan(Date().timeIntervalSince(again), 1.5)
    try pane.press("C-c")
    try pane.type("just 43 | show", enter: true)
    try pane.waitFor("Ctrl-C then another statement") { $0.contains("\n43") }
  }

  /// Ctrl-C during that wait ends it at once.
  func testCtrlCEndsTheWaitForALockHeldElsewhere() throws {
    let (pane, holder) = try promptWithTheLockHeld()
    defer { holder.killGroup() }
    try pane.type("just 41 | show", enter: true)
    let pressed = Date()
    try pane.press("C-c")
    try pane.waitFor("the statement to run", timeout: 1.5) {
      $0.contains("\n41") && $0.contains("Ctrl-C ended")
    }
    XCTAssertLessThan(Date().timeIntervalSince(pressed), 1.5, "not the 2 s wait")
  }

  /// A history that is a symbolic link is not written through (it was appended to its target).
  func testASymbolicLinkIsNeitherFollowedNorReplaced() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = try historyPath(home)
    let target = home + "/target.txt"
    try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
    XCTAssertEqual(symlink(target, path), 0)
    let pane = try Tmux.start(test: self, home: home)
    try pane.waitFor("the note") {
      $0.contains("history is off for this session") && $0.contains("symbolic link")
    }
    try pane.type("just 41 | show", enter: true)
    try pane.waitFor("the statement to run") { $0.contains("\n41") }
    try pane.type(":quit", enter: true)
    try pane.waitForExit()
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep me\n")
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), target)
  }

  /// 64 MB of history (it took seconds, 26 s at 168 MB): only its last MiB is read, and the
  /// latest entries are there.
  func testAHugeHistoryIsReadFromItsTail() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = try historyPath(home)
    let line = "just \"" + String(repeating: "x", count: 1000) + "\" | discard"
    let block = Data(((0..<1024).map { "\(line) # \($0)\n" }.joined()).utf8)
    FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    for _ in 0..<64 { handle.write(block) }
    handle.write(Data("just \"the last one\" | show\n".utf8))
    try handle.close()
    let pane = try Tmux.start(test: self, home: home)  // fails unless the prompt shows within 5 s
    try pane.waitFor("the note") { $0.contains("only its last entries are read") }
    try pane.press("Up")
    try pane.waitFor("the last entry recalled") { $0.contains("pipe> just \"the last one\" | show") }
  }

  /// With a HOME where pipe cannot make its folders, the history says so, as settings do.
  func testAnUnwritableHomeGetsTheNoteSettingsGet() throws {
    let home = try TemporaryFolder.home(for: self)
    // A file where the folder `.local` should be: nobody, root included, can make it.
    try "".write(toFile: home + "/.local", atomically: true, encoding: .utf8)
    try "".write(toFile: home + "/.config", atomically: true, encoding: .utf8)
    let pane = try Tmux.start(test: self, home: home)
    try pane.type("set seed 3", enter: true)
    let screen = try pane.waitFor("both notes") {
      $0.contains("history is off for this session") && $0.contains("the setting was not saved")
    }
    XCTAssertTrue(screen.contains("cannot create its folder"), screen)
  }

  /// A key inside another statement (a URL's query, a comment, a string) is masked in the
  /// history file, as a `set` of the key is.
  func testAKnownSecretIsMaskedWhereverItIsInAnEntry() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = try historyPath(home)
    let key = "k3y-from-the-environment"
    let pane = try Tmux.start(test: self, home: home, environment: ["PIPE_WEATHER_APIKEY": key])
    try pane.type(#"set weather.apiKey "typed-key-1234""#, enter: true)
    try pane.type(#"set weather.baseURL "http://127.0.0.1:9/?appid=typed-key-1234""#, enter: true)
    try pane.type("just 1 | show  # \(key)", enter: true)
    try pane.type(#"just "typed-key-1234" | discard"#, enter: true)
    try pane.type(":quit", enter: true)
    try pane.waitForExit()
    let history = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertFalse(history.contains("typed-key-1234"), history)
    XCTAssertFalse(history.contains(key), history)
    XCTAssertTrue(history.contains("appid=••••"), history)
    XCTAssertTrue(history.contains("# ••••"), history)
  }
}
