import PipeProcessSupport
import XCTest

/// Keys at the prompt, the way a person presses them: arrows, Home, End, Delete and word
/// moves in every mode (Ctrl-R search too), Tab in the places the issue names, and pastes.
final class PromptKeysTests: XCTestCase {
  func testArrowsHomeEndAndDeleteWorkInCtrlRSearch() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("just 41 | map { . + 1 }", enter: true)
    try pane.waitFor("42") { $0.contains("\n42\n") }
    try pane.press("C-r")
    try pane.type("41")
    try pane.press("Right")  // leaves the search with the line found, one to the right
    try pane.press("End")
    try pane.type(" | map { . * 2 }")
    try pane.waitFor("the line edited at its end") {
      $0.hasSuffix("pipe> just 41 | map { . + 1 } | map { . * 2 }")
    }
    try pane.press("C-r")
    try pane.type("just")
    try pane.press("Home")
    try pane.press("Delete")  // `just` becomes `ust`: Delete deletes, it types nothing
    try pane.press("Delete")
    try pane.press("Delete")
    try pane.press("Delete")
    try pane.type("just")
    try pane.press("C-Right")  // over ` 41`
    try pane.press("BSpace")
    try pane.type("5")
    try pane.press("Enter")
    let screen = try pane.waitFor("the edited line ran") {
      $0.hasSuffix("pipe> just 45 | map { . + 1 } | map { . * 2 }\n92\npipe>")
    }
    XCTAssertFalse(screen.contains("[C") || screen.contains("[4~") || screen.contains("[3~"), screen)
  }

  func testWordMovesAndDeleteOnTheLine() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("of(1, 2) | take 1")
    try pane.press("M-b")  // to `1`
    try pane.press("M-b")  // to `take`
    try pane.press("C-Left")  // to `2)`
    try pane.press("Delete")
    try pane.type("7")
    try pane.press("End")
    try pane.press("BSpace")
    try pane.type("2")
    try pane.waitFor("the edits in place") { $0.hasSuffix("pipe> of(1, 7) | take 2") }
    try pane.press("Enter")
    try pane.waitFor("both values") { $0.hasSuffix("1\n7\npipe>") }
  }

  func testTabCompletesSettingValuesCitiesAndFilePaths() throws {
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/drawings", withIntermediateDirectories: true)
    let pane = try Tmux.start(test: self, home: home, directory: home)
    for (typed, completed) in [
      ("set weather.mode l", "set weather.mode live"), ("weather \"Reyk", "weather \"Reykjavik\""),
      ("airquality \"Mexico C", "airquality \"Mexico City\""), (":export svg dra", ":export svg drawings/"),
      (":plugin load dra", ":plugin load drawings/"),
    ] {
      try pane.type(typed)
      try pane.press("Tab")
      try pane.waitFor("'\(typed)' completed", timeout: 10) { $0.hasSuffix("pipe> " + completed) }
      try pane.press("C-u")
    }
  }
}
