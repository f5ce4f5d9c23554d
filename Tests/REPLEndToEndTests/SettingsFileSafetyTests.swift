import Foundation
import PipeProcessSupport
import XCTest

/// settings.json as a FIFO or a symbolic link: the prompt starts at once with a note, and a
/// `set` never writes through the link. Driven in tmux. Starts processes.
final class SettingsFileSafetyTests: XCTestCase {
  private func settingsPath(_ home: String) throws -> String {
    let folder = home + "/.config/pipe"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/settings.json"
  }

  func testAFIFOIsRefusedWithANote() throws {
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(mkfifo(try settingsPath(home), 0o600), 0)
    let pane = try Tmux.start(test: self, home: home)  // fails unless the prompt shows within 5 s
    try pane.waitFor("the note") { $0.contains("FIFO") && $0.contains("starting with the defaults") }
  }

  func testASymbolicLinkIsNeitherFollowedNorReplaced() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = try settingsPath(home)
    let target = home + "/target.json"
    try #"{"seed": 5}"#.write(toFile: target, atomically: true, encoding: .utf8)
    XCTAssertEqual(symlink(target, path), 0)
    let pane = try Tmux.start(test: self, home: home)
    try pane.waitFor("the note") { $0.contains("symbolic link") && $0.contains("starting with the defaults") }
    try pane.type("set seed 9", enter: true)
    try pane.waitFor("the refusal to save") { $0.contains("the setting was not saved") }
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), #"{"seed": 5}"#)
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), target)
  }
}
