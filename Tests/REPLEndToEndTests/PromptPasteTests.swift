import PipeProcessSupport
import XCTest

/// Pasting a workshop file, whose continued lines start with `|`, into the prompt.
final class PromptPasteTests: XCTestCase {
  private let exercise = """
    of("London", "Paris")
    | map { len(.) }
    | show

    """

  func testABracketedPasteIsEnteredAsOneUnit() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.paste(exercise, bracketed: true)
    let screen = try pane.waitFor("the pasted statement ran whole") { $0.hasSuffix("6\n5\npipe>") }
    XCTAssertFalse(screen.contains("error"), screen)
    try pane.type(":history", enter: true)  // one entry, three lines
    try pane.waitFor("one history entry") {
      $0.contains("1  of(\"London\", \"Paris\")\n| map { len(.) }\n| show\n2  :history")
    }
  }

  func testAPasteWithoutALastLineBreakWaitsForEnter() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.paste("just 5\n| map { . * 2 }", bracketed: true)
    try pane.waitFor("the paste on the line") { $0.hasSuffix("pipe> just 5\n| map { . * 2 }") }
    try pane.type(" | map { . + 1 }", enter: true)
    try pane.waitFor("the edited paste ran") { $0.hasSuffix("\n11\npipe>") }
  }

  /// A terminal that does not mark pastes: the lines arrive as if typed at once.
  func testLinesStartingWithAPipeContinueAStatementThatHasNotRun() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.paste(exercise, bracketed: false)
    let screen = try pane.waitFor("the pasted statement ran whole") { $0.hasSuffix("6\n5\npipe>") }
    XCTAssertTrue(screen.contains("  ... | map { len(.) }\n  ... | show\n6\n5"), screen)
    XCTAssertFalse(screen.contains("error"), screen)
  }
}
