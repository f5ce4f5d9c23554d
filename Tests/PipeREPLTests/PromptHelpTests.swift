import Foundation
import PipeProcessSupport
import TerminalText
import XCTest

/// `:help` as a person meets it at the real prompt, in a tmux pane: a command that is also a
/// topic shows both, help fits a narrow window between words, and the words people type out
/// of habit (`help`, `exit`, `quit`) point at the commands.
final class PromptHelpTests: XCTestCase {
  func testACommandThatIsAlsoATopicShowsTheCommandAndTheTopic() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.resize(columns: 100, rows: 60)
    for (name, topicTitle) in [("jobs", "Background jobs"), ("clock", "Clocks"), ("settings", "Settings")] {
      try pane.type(":help \(name)", enter: true)
      let screen = try pane.waitFor("the help for \(name)") {
        $0.hasSuffix("pipe>") && $0.contains(":help \(name)\n")
      }
      let answer = screen.components(separatedBy: ":help \(name)\n").last ?? ""
      XCTAssertTrue(answer.hasPrefix(":\(name)"), "the command's line first:\n\(answer)")
      XCTAssertTrue(answer.contains(topicTitle), "then the topic '\(topicTitle)':\n\(answer)")
    }
  }

  func testHelpIsBrokenBetweenWordsAtTheWindowsWidth() throws {
    for columns in [60, 44] {
      let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
      try pane.resize(columns: columns, rows: 200)
      for topic in ["", " jobs", " retry", " keys"] {
        let typed = "pipe> :help\(topic)\n"
        try pane.type(":help\(topic)", enter: true)
        try pane.waitFor(":help\(topic) at \(columns)") { $0.contains(typed) && $0.hasSuffix("pipe>") }
        let answer = try pane.unwrappedScreen().components(separatedBy: typed).last ?? ""
        XCTAssertGreaterThan(
          answer.split(separator: "\n").count, 2, "no help for ':help\(topic)':\n\(answer)")
        for line in answer.split(separator: "\n") {
          XCTAssertLessThanOrEqual(
            line.displayWidth, columns,
            "':help\(topic)' at \(columns) columns wrote a line the window cut:\n\(line)")
        }
      }
      pane.stop()
    }
  }

  func testHelpExitAndQuitTypedBarePointAtTheCommands() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("help", enter: true)
    try pane.waitFor("the hint for help") { $0.contains("type ':help' for the tour") }
    for word in ["exit", "quit"] {
      try pane.type(word, enter: true)
      try pane.waitFor("the hint for \(word)") { $0.contains("to leave pipe, type ':quit' or press Ctrl-D") }
    }
  }
}
