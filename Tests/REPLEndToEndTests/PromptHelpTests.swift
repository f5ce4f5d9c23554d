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

  /// Every setting answers `:help NAME` with what it takes, its default and its value now; a
  /// secret's value stays ••••; `:help cache` and `:help marbles` are topics.
  func testEverySettingTheCacheAndTheMarblesHaveHelpAndASecretStaysHidden() throws {
    let secret = "k3y-\(UUID().uuidString.prefix(8))"
    let home = try TemporaryFolder.home(for: self)
    let pane = try Tmux.start(test: self, home: home, environment: ["PIPE_WEATHER_APIKEY": secret])
    try pane.resize(columns: 120, rows: 80)
    try pane.type(":settings", enter: true)
    let listing = try pane.waitFor("the settings") { $0.contains("weather.faults") && $0.hasSuffix("pipe>") }
    let keys = listing.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard let first = words.first else { return nil }
      let key = first == "*" && words.count > 1 ? words[1] : first
      return key.contains(".") || ["network", "seed", "horizon"].contains(String(key)) ? String(key) : nil
    }
    XCTAssertGreaterThan(keys.count, 8, "the settings listed:\n\(listing)")
    for key in keys {
      try pane.type(":help \(key)", enter: true)
      let screen = try pane.waitFor(":help \(key)") {
        Self.answer(to: ":help \(key)", on: $0).map { $0.contains("set it:") && $0.hasSuffix("pipe>") }
          ?? false
      }
      XCTAssertTrue(screen.contains("takes:"), ":help \(key):\n\(screen)")
      XCTAssertTrue(screen.contains("default:"), ":help \(key):\n\(screen)")
      XCTAssertFalse(screen.contains("no help for"), ":help \(key):\n\(screen)")
    }
    try pane.type("set weather.faults \"500,ok\"", enter: true)
    try pane.type(":help weather.faults", enter: true)
    let faults = try pane.waitFor("the value now") {
      Self.answer(to: ":help weather.faults", on: $0).map { $0.contains("now:") && $0.hasSuffix("pipe>") }
        ?? false
    }
    XCTAssertTrue(faults.contains("\"500,ok\"  (set)"), faults)
    try pane.type(":help weather.apiKey", enter: true)
    let key = try pane.waitFor("the key's help") {
      $0.contains("PIPE_WEATHER_APIKEY") && $0.hasSuffix("pipe>")
    }
    XCTAssertFalse(key.contains(secret), "the key is on the screen:\n\(key)")
    XCTAssertTrue(key.contains("••••"), key)
    for (topic, title) in [("cache", "cache.json"), ("marbles", "one frame")] {
      try pane.type(":help \(topic)", enter: true)
      try pane.waitFor(":help \(topic)") { $0.contains(title) && $0.hasSuffix("pipe>") }
    }
  }

  /// What the screen shows after the last `pipe> TYPED` line, if it shows that line.
  private static func answer(to typed: String, on screen: String) -> String? {
    let parts = screen.components(separatedBy: "pipe> \(typed)\n")
    return parts.count > 1 ? parts.last : nil
  }
}
