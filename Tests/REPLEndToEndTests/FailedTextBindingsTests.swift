import PipeProcessSupport
import XCTest

/// A text with an error runs nothing, and leaves every `let` name as it was before it, as a
/// person typing at the prompt meets it.
final class FailedTextBindingsTests: XCTestCase {
  func testANameRedefinedInAFailedTextKeepsItsMeaningAndANewOneIsNotDefined() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("let s = just 1", enter: true)
    try pane.type("let s = cold \"-a|\" [a: 2]; s | fliter", enter: true)
    try pane.waitFor("the error") { $0.contains("did you mean 'filter'?") }
    try pane.type("s | show", enter: true)
    var screen = try pane.waitFor("s as it was") { $0.hasSuffix("pipe> s | show\n1\npipe>") }
    XCTAssertFalse(screen.contains("unknown operator 's'"), screen)
    try pane.type("let t = just 2; t | fliter", enter: true)
    try pane.type("t | show", enter: true)
    screen = try pane.waitFor("t unknown") { $0.hasSuffix("pipe>") && $0.contains("unknown operator 't'") }
    // The stages of the failed `s` are not traced as the name's either.
    try pane.type("s | log", enter: true)
    screen = try pane.waitFor("s logged") { $0.hasSuffix("dispose\npipe>") }
    XCTAssertTrue(screen.contains("just 1"), screen)
    XCTAssertFalse(screen.contains("cold \"-a|\" [a: 2]  "), screen)
  }
}
