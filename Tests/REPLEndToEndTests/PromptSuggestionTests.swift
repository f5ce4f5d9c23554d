import PipeProcessSupport
import XCTest

/// The inline suggestion from history, as a person meets it in a tmux pane: the rest of the
/// newest matching statement shows after the cursor, Right or End takes it, typing on ignores
/// it, and Ctrl-R search is left alone.
final class PromptSuggestionTests: XCTestCase {
  func testRightTakesTheSuggestionAndTypingOnLeavesItOut() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("just 41 | map { . + 1 }", enter: true)
    try pane.waitFor("42") { $0.contains("\n42\n") }
    try pane.type("just 4")
    try pane.waitFor("the suggestion after the cursor") { $0.hasSuffix("pipe> just 41 | map { . + 1 }") }
    try pane.press("Right")
    try pane.press("Enter")
    // On a line of its own: the line redrawn in place, not the prompt written again after
    // what was typed ("pipe> just 4pipe> just 41 | map { . + 1 }").
    try pane.waitFor("the suggested statement ran") {
      $0.hasSuffix("\npipe> just 41 | map { . + 1 }\n42\npipe>")
    }
    try pane.type("just 4")
    try pane.waitFor("the suggestion again") { $0.hasSuffix("pipe> just 41 | map { . + 1 }") }
    try pane.type("2")
    try pane.waitFor("no suggestion once the line differs") { $0.hasSuffix("pipe> just 42") }
    try pane.press("Enter")
    try pane.waitFor("only what was typed ran") { $0.hasSuffix("pipe> just 42\n42\npipe>") }
  }

  func testEndTakesItAndCtrlRSearchIsUntouched() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("of(1, 2) | map { . * 10 }", enter: true)
    try pane.waitFor("20") { $0.contains("\n20\n") }
    try pane.type("just 7", enter: true)
    try pane.waitFor("7") { $0.hasSuffix("\n7\npipe>") }
    try pane.type("of")
    try pane.waitFor("the suggestion") { $0.hasSuffix("pipe> of(1, 2) | map { . * 10 }") }
    try pane.press("End")
    try pane.type(" | take 1", enter: true)
    try pane.waitFor("the taken suggestion, edited, ran") {
      $0.hasSuffix("\npipe> of(1, 2) | map { . * 10 } | take 1\n10\npipe>")
    }
    try pane.press("C-r")
    try pane.type("just")
    try pane.press("Enter")
    try pane.waitFor("the search found just 7 and ran it") { $0.hasSuffix("\n7\npipe>") }
  }

  /// The issue's own line: a string not closed yet, taken in with Right and with End, then
  /// typed on: the screen shows the line once, as it runs.
  func testTakingASuggestionInsideAStringRedrawsTheLineInPlace() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    var newest = "of(\"Lo\", \"London\") | map { . + \"!\" }"
    try pane.type(newest, enter: true)
    try pane.waitFor("London!") { $0.contains("\nLondon!\n") }
    for key in ["Right", "End"] {
      try pane.type("of(\"Lo")
      try pane.waitFor("the suggestion") { $0.hasSuffix("pipe> " + newest) }
      try pane.press(key)
      try pane.type(" | take 1", enter: true)
      newest += " | take 1"
      let screen = try pane.waitFor("the taken line ran after \(key)") {
        $0.hasSuffix("\npipe> \(newest)\nLo!\npipe>")
      }
      XCTAssertFalse(screen.contains("Lopipe>"), screen)
    }
  }

}
