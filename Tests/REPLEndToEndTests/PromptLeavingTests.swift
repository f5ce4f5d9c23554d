import Foundation
import PipeProcessSupport
import XCTest

/// What the prompt says when it writes a file or ends work, at a real pseudo-terminal.
final class PromptLeavingTests: XCTestCase {
  /// Starts the prompt, types each line and waits for what it should show (if anything),
  /// then presses Ctrl-D; the prompt must exit with 0. What it showed.
  private func screenAfterLeaving(_ steps: [(line: String, shows: String?)]) throws -> String {
    let prompt = try PTYProcess.start(home: try TemporaryFolder.home(for: self))
    defer { prompt.kill() }
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    for (line, shows) in steps {
      prompt.type(line + "\n")
      if let shows { XCTAssertTrue(prompt.waitFor(shows), prompt.screen) }
    }
    prompt.type("\u{04}")  // Ctrl-D
    XCTAssertEqual(prompt.wait(timeout: 10), 0, prompt.screen)
    return prompt.screen
  }

  func testCtrlDSaysWhichRunningJobsItStops() throws {
    let screen = try screenAfterLeaving([
      ("set weather.apiKey \"\"", nil), ("fail offline | retryWhen until(weather.apiKey) &", "[1] started"),
      ("every 1s | take 2 &", "[2] done"),
    ])
    XCTAssertTrue(
      screen.contains("stopping [1] fail offline | retryWhen until(weather.apiKey)"),
      "Ctrl-D ended a running job without a word:\n\(screen)")
    XCTAssertFalse(screen.contains("stopping [2]"), "a job that ended is not stopped:\n\(screen)")
  }

  /// Leaving while background jobs run in slices (their sources never wait for the clock):
  /// the prompt says so and exits at once, with nothing of theirs left running on the loop.
  func testCtrlDLeavesWhileJobsThatNeverWaitRun() throws {
    for _ in 0..<3 {
      let screen = try screenAfterLeaving([
        ("range(0, 9000000000000) | last &", nil),
        ("range(0, 9000000000000) | map {. + 1} | last &", "[2] started"),
        ("of(41) | map {. + 1}", "42\r\n"),
      ])
      XCTAssertTrue(screen.contains("stopping [1] range(0, 9000000000000) | last"), screen)
      XCTAssertTrue(screen.contains("stopping [2] range(0, 9000000000000) | map {. + 1} | last"), screen)
      XCTAssertFalse(screen.contains("Fatal error"), screen)
    }
  }

  /// Keys typed while a statement runs wait for the next line: a line typed ahead is shown
  /// once (the terminal echoed it too), and a Ctrl-D typed ahead leaves (in the terminal's
  /// cooked mode it reached the editor as a NUL byte, and the prompt stayed). The terminal's
  /// own modes come back when the prompt ends.
  func testKeysTypedAheadWaitForTheNextLineAndCtrlDLeaves() throws {
    let home = try TemporaryFolder.home(for: self)
    let prompt = try PTYProcess.start(home: home, arguments: ["--clock", "real"])
    defer { prompt.kill() }
    prompt.keepTerminal()
    let modes = prompt.localModes
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    prompt.type("timer 500ms | map { \"ran\" } | show\n")
    XCTAssertTrue(prompt.waitFor("show\r\n"), prompt.screen)
    prompt.type("just \"typed ahead\" | show\n\u{04}")
    XCTAssertEqual(prompt.wait(timeout: 10), 0, "a Ctrl-D typed ahead did not leave:\n\(prompt.screen)")
    let screen = prompt.screen
    XCTAssertTrue(screen.contains("ran\r\n"), screen)
    XCTAssertTrue(screen.contains("typed ahead\r\n"), screen)
    XCTAssertEqual(
      screen.components(separatedBy: "just \"typed ahead\" | show").count - 1, 1,
      "the line typed ahead is shown once:\n\(screen)")
    XCTAssertEqual(prompt.localModes, modes, "the terminal's modes are not the person's own again")
  }

  func testExportSVGSaysWhatItWrote() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = home + "/diagram.svg"
    let prompt = try PTYProcess.start(home: home, arguments: ["--allow-write=\(home)"])
    defer { prompt.kill() }
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    prompt.type("cold \"1s a|\" | marbles\n")
    prompt.type(":export svg \(path)\n")
    XCTAssertTrue(prompt.waitFor("wrote \(path) ("), "no word of the file:\n\(prompt.screen)")
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    XCTAssertTrue(prompt.screen.contains("wrote \(path) (\(size ?? -1) bytes of SVG)"), prompt.screen)
  }
}
