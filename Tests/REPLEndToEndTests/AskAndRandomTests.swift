import Foundation
import PipeProcessSupport
import XCTest

/// `retryWhen ask` says its answer is a letter then Enter, and `:help random` states the
/// sequence the default seed draws, one number per subscription, as `random` really draws
/// it. Starts `pipe` processes and tmux.
final class AskAndRandomTests: XCTestCase {
  func testTheQuestionSaysAnAnswerNeedsEnter() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("random 1 10 | throwIf { true } boom | retryWhen ask | show", enter: true)
    let question = "[r]etry, [d]efault value, [f]ail? (a letter, then Enter)"
    try pane.waitFor("the question") { $0.hasSuffix(question) }
    try pane.type("r", enter: true)
    try pane.waitFor("the question again, after a retry") {
      $0.components(separatedBy: question).count == 3
    }
    try pane.type("d", enter: true)
    try pane.waitFor("the default value, which ends the stream") {
      $0.hasSuffix("(completed, no values)\npipe>")
    }
  }

  func testHelpRandomStatesTheSequenceEachSubscriptionDraws() throws {
    let home = try TemporaryFolder.home(for: self)
    let drawn = try PipeProcess.run(["-e", "random 1 10 | repeat 8 | collect"], home: home)
    XCTAssertEqual(drawn.status, 0, drawn.stderr)
    let sequence = drawn.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      .trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    XCTAssertEqual(sequence.split(separator: ",").count, 8, drawn.stdout)

    let pane = try Tmux.start(test: self, home: home)
    try pane.resize(columns: 200, rows: 60)
    try pane.type(":help random", enter: true)
    let screen = try pane.waitFor("the help for random") {
      $0.contains("random [min]") && $0.hasSuffix("pipe>")
    }
    let help = screen.replacingOccurrences(of: "\n", with: " ")
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    XCTAssertTrue(help.contains("random 1 10 draws \(sequence) on attempts 1 to 8"), help)
  }
}
