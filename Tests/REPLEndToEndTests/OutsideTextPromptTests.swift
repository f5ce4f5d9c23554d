import Foundation
import PipeProcessSupport
import XCTest

/// At the prompt, text from a plugin (its hello's version and docs in `:plugins` and `:help`,
/// its stderr and `log`, its values and errors) reaches the terminal with its control
/// characters written visibly: read from the bytes the prompt wrote on its pseudo-terminal.
/// Starts processes.
final class OutsideTextPromptTests: XCTestCase {
  func testAPluginsTextNeverDrivesThePromptsTerminal() throws {
    try requirePython()
    let home = try TemporaryFolder.home(for: self)
    let plugins = (home as NSString).appendingPathComponent("plugins")
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    let path = plugins + "/pipe-plugin-evil.py"
    try TerminalAttack.plugin.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)

    let prompt = try PTYProcess.start(home: home, environment: ["PIPE_PLUGIN_PATH": plugins])
    defer { prompt.kill() }
    XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen)
    prompt.type("evil | show\n")
    XCTAssertTrue(prompt.waitFor("message" + TerminalAttack.shown), prompt.screen)
    prompt.type(":plugins\n")
    XCTAssertTrue(prompt.waitFor("1.0" + TerminalAttack.shown), prompt.screen)
    prompt.type(":help evil\n")
    XCTAssertTrue(prompt.waitFor("doc" + TerminalAttack.shown), prompt.screen)
    prompt.type(":quit\n")
    XCTAssertEqual(prompt.wait(), 0)

    let screen = prompt.screen
    for text in ["value", "stderr", "log"] {
      XCTAssertTrue(screen.contains(text + TerminalAttack.shown), "\(text) in: \(screen)")
    }
    // The prompt draws with escape sequences of its own; none of the attack's is there raw.
    for raw in ["\u{1B}]0;PWNED", "\u{1B}[2J", "\u{9B}", "\u{202E}", "\u{07}", "\u{08}"] {
      XCTAssertFalse(screen.contains(raw), "\(raw.debugDescription) in: \(screen.debugDescription)")
    }
  }
}
