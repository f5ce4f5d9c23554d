import Foundation
import PipeProcessSupport
import TerminalText
import XCTest

/// A narrow window and Ctrl-C, as a person meets them at the real prompt (a tmux pane):
/// `:settings` fits 60 columns by shortening long values, and Ctrl-C on a live `marbles`
/// leaves the final diagram, one axis, and the "stopped (Ctrl-C)" note. Starts `pipe`
/// processes and tmux.
final class NarrowTerminalTests: XCTestCase {
  func testSettingsFitSixtyColumnsWithLongValuesShortened() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.resize(columns: 60, rows: 80)
    try pane.type(":settings", enter: true)
    try pane.waitFor("the settings") { $0.contains("pipe> :settings\n") && $0.hasSuffix("pipe>") }
    let answer = try pane.unwrappedScreen().components(separatedBy: "pipe> :settings\n").last ?? ""
    let rows = answer.split(separator: "\n").dropLast()
    XCTAssertGreaterThan(rows.count, 5, answer)
    for row in rows {
      XCTAssertLessThanOrEqual(row.displayWidth, 60, "a row the window wrapped:\n\(row)")
    }
    XCTAssertTrue(rows.contains { $0.contains("…") }, "no long value shortened:\n\(answer)")
  }

  func testCtrlCOnALiveMarblesLeavesOneAxisAndTheNote() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.resize(columns: 100, rows: 40)
    try pane.type("every 300ms | take 100 | marbles", enter: true)
    try pane.waitFor("the live diagram with a value") {
      $0.contains("┬") && $0.contains("\nevery 300ms  ^")
    }
    try pane.press("C-c")
    let screen = try pane.waitFor("the end of the run") { $0.hasSuffix("pipe>") }
    XCTAssertTrue(
      screen.contains("note: stopped 'every 300ms | take 100 | marbles' (Ctrl-C)"), "no note:\n\(screen)")
    let lines = screen.split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.contains("┬") }.count, 1, "a stale axis is left:\n\(screen)")
    let times = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("0ms ") }
    XCTAssertEqual(times.count, 1, "a stale axis header is left:\n\(screen)")
  }
}
