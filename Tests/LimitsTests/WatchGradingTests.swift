import Foundation
import PipeProcessSupport
import XCTest

/// `pipe check --watch` grades each file in a child of its own, as `pipe check` does, so a
/// hand-in that never ends fails as timed out and the watch goes on; Ctrl-C or SIGTERM leaves
/// no hand-in running behind either (issue 25, item 3). Every test starts the built `pipe`.
final class WatchGradingTests: XCTestCase {
  private static let good = "just 2 | expect [2]\n"
  private static let endless = "range(0, 9000000000000000) | filter { . < 0 } | expect [1]\n"

  /// The processes whose command line names `folder`: the graded children of a watch on it.
  private func children(of folder: URL) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else {
        return false
      }
      let text = String(decoding: line, as: UTF8.self)
      return text.contains("--graded-child") && text.contains(folder.path)
    }
  }

  /// Kills, when the test ends, any graded child of `folder` left running (a test that fails
  /// must not leave one behind).
  private func killChildrenAtTheEnd(of folder: URL) {
    addTeardownBlock { [self] in
      for pid in children(of: folder) { kill(pid, SIGKILL) }
    }
  }

  /// `pipe check --watch FOLDER --timeout SECONDS`, once its first result says `first`.
  private func watch(_ folder: URL, timeout: Int, until first: String) throws -> Spawned {
    let watcher = try Spawned(
      ["check", "--watch", folder.path, "--timeout", String(timeout)], environment: PipeProcess.environment())
    addTeardownBlock { watcher.killGroup() }
    XCTAssertTrue(watcher.waitForOutput(timeout: 30) { $0.contains(first) }, watcher.stdout)
    return watcher
  }

  func testAHandInThatNeverEndsTimesOutAndTheWatchGoesOn() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "watch-limits")
    try Self.good.write(to: folder.appendingPathComponent("a-good.pipe"), atomically: false, encoding: .utf8)
    let endless = folder.appendingPathComponent("b-endless.pipe")
    try Self.endless.write(to: endless, atomically: false, encoding: .utf8)
    let watcher = try watch(folder, timeout: 2, until: "watching 2 files")
    XCTAssertTrue(
      watcher.stdout.contains("b-endless.pipe: timed out: it ran longer than 2 s (pipe check --timeout)"),
      watcher.stdout)
    XCTAssertTrue(
      watcher.stdout.contains("ok   \(folder.path)/a-good.pipe: 1 passed, 0 failed"), watcher.stdout)
    // Fixed, it is graded again, and passes.
    try Self.good.write(to: endless, atomically: false, encoding: .utf8)
    XCTAssertTrue(
      watcher.waitForOutput(timeout: 20) { $0.contains("ok   \(folder.path)/b-endless.pipe: 1 passed") },
      watcher.stdout)
    XCTAssertTrue(watcher.isRunning, "the watch goes on: \(watcher.stdout)")
  }

  func testCtrlCWhileAHandInRunsLeavesNothingRunning() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "watch-limits")
    killChildrenAtTheEnd(of: folder)
    let file = folder.appendingPathComponent("a.pipe")
    try Self.good.write(to: file, atomically: false, encoding: .utf8)
    let watcher = try watch(folder, timeout: 60, until: "watching 1 file")
    try Self.endless.write(to: file, atomically: false, encoding: .utf8)
    waitUntil(deadline: 20, "no child grades the saved file") { !children(of: folder).isEmpty }
    watcher.signal(SIGINT)
    XCTAssertEqual(watcher.wait(timeout: 10).status, 130)
    waitUntil(deadline: 10, "a graded child runs on: \(children(of: folder))") {
      children(of: folder).isEmpty
    }
  }

  /// The child grading a hand-in is in a process group of its own: SIGTERM to `pipe check`
  /// left it running on without end.
  func testPipeCheckEndedByASignalLeavesNoHandInRunning() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "check-signal")
    killChildrenAtTheEnd(of: folder)
    try Self.endless.write(to: folder.appendingPathComponent("a.pipe"), atomically: false, encoding: .utf8)
    let check = try Spawned(
      ["check", folder.path, "--timeout", "60"], environment: PipeProcess.environment())
    addTeardownBlock { check.killGroup() }
    waitUntil(deadline: 20, "no child grades the file") { !children(of: folder).isEmpty }
    check.signal(SIGTERM)
    XCTAssertEqual(check.wait(timeout: 10).status, 128 + SIGTERM)
    waitUntil(deadline: 10, "a graded child runs on: \(children(of: folder))") {
      children(of: folder).isEmpty
    }
  }
}
