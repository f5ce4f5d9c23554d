import Foundation
import PipeProcessSupport
import XCTest

/// `:help expressions` at the real prompt (a tmux pane): `:help` lists the topic, and every
/// example it shows runs. Starts `pipe` processes and tmux.
final class ExpressionsHelpTests: XCTestCase {
  func testTheExpressionsTopicIsListedAndItsExamplesRun() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.resize(columns: 120, rows: 80)
    try pane.type(":help", enter: true)
    let list = try pane.waitFor("the list of topics") { $0.contains("topics:") && $0.hasSuffix("pipe>") }
    let topics = try XCTUnwrap(list.split(separator: "\n").first { $0.hasPrefix("topics:") })
    XCTAssertTrue(topics.contains("expressions"), String(topics))

    try pane.type(":help expressions", enter: true)
    let screen = try pane.waitFor("the expressions topic") {
      $0.contains(":help expressions\n") && $0.hasSuffix("pipe>")
    }
    let answer = screen.components(separatedBy: ":help expressions\n").last ?? ""
    for word in ["acc", "record", "list", "string", "conditional", "."] {
      XCTAssertTrue(answer.contains(word), "no '\(word)' in:\n\(answer)")
    }
    let lines = answer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let examplesStart = try XCTUnwrap(lines.firstIndex(of: "Examples"), answer)
    let examples = lines[(examplesStart + 1)...].prefix { $0.contains(" | ") }
    XCTAssertGreaterThanOrEqual(examples.count, 3, answer)
    for example in examples {
      let run = try PipeProcess.run(["-e", example], home: try TemporaryFolder.home(for: self))
      XCTAssertEqual(run.status, 0, "\(example)\n\(run.stdout)\(run.stderr)")
      XCTAssertFalse(run.stdout.isEmpty, example)
      XCTAssertEqual(run.stderr, "", example)
    }
  }
}
