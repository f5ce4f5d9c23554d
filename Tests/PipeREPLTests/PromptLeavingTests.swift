import Foundation
import PipeProcessSupport
import XCTest

/// What the prompt says when it writes a file or ends work, at a real pseudo-terminal.
final class PromptLeavingTests: XCTestCase {
  func testCtrlDSaysWhichRunningJobsItStops() throws {
    let prompt = try PTYProcess.start(home: try TemporaryFolder.home(for: self))
    defer { prompt.kill() }
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    prompt.type("set weather.apiKey \"\"\n")
    prompt.type("fail offline | retryWhen until(weather.apiKey) &\n")
    XCTAssertTrue(prompt.waitFor("[1] started"), prompt.screen)
    prompt.type("every 1s | take 2 &\n")
    XCTAssertTrue(prompt.waitFor("[2] done"), prompt.screen)
    prompt.type("\u{04}")  // Ctrl-D
    XCTAssertEqual(prompt.wait(timeout: 10), 0)
    XCTAssertTrue(
      prompt.screen.contains("stopping [1] fail offline | retryWhen until(weather.apiKey)"),
      "Ctrl-D ended a running job without a word:\n\(prompt.screen)")
    XCTAssertFalse(
      prompt.screen.contains("stopping [2]"), "a job that ended is not stopped:\n\(prompt.screen)")
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
    let prompt = try PTYProcess.start(home: home)
    defer { prompt.kill() }
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    prompt.type("cold \"1s a|\" | marbles\n")
    prompt.type(":export svg \(path)\n")
    XCTAssertTrue(prompt.waitFor("wrote \(path) ("), "no word of the file:\n\(prompt.screen)")
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    XCTAssertTrue(prompt.screen.contains("wrote \(path) (\(size ?? -1) bytes of SVG)"), prompt.screen)
  }
}
