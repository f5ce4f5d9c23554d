import Foundation
import PipeProcessSupport
import XCTest

/// A statement written over several lines, as workshop files are: every renderer labels a
/// stage with its text on one line (line breaks, indentation and comments read as a space).
final class MultiLineLabelsTests: XCTestCase {
  static let script = """
    set weather.faults "500,ok"
    weather "London"
      | retryWhen (errors
          | throwIf { .attempt > 3 } tooMany   # a comment inside the stage
          | delay 1s)
      | map { .city }
      | SINK

    """

  func run(_ sink: String, arguments: [String] = []) throws -> PipeRun {
    let folder = try TemporaryFolder.make(for: self)
    let path = folder.appendingPathComponent("labels.pipe").path
    try Self.script.replacingOccurrences(of: "SINK", with: sink).write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try PipeProcess.run(["run", path] + arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    return result
  }

  static let label = "retryWhen (errors | throwIf { .attempt > 3 } tooMany | delay 1s)"

  func testLogHasOneLinePerEventPaddedToTheLongestLabelOnOneLine() throws {
    let lines = try run("log").stdout.split(separator: "\n").map(String.init)
    XCTAssertFalse(lines.isEmpty)
    for line in lines {
      XCTAssertNotNil(
        line.range(of: #"^[0-9.]+m?s +#\d+ "#, options: .regularExpression), "a split row: \(line)")
    }
    let subscribe = try XCTUnwrap(lines.first { $0.contains("#1 ") })
    XCTAssertTrue(subscribe.hasPrefix("0s      #1 \(Self.label)  1  subscribe"), subscribe)
    // The label column is as wide as the longest label on one line: every row's attempt
    // number stands where the retryWhen row's does.
    let column = subscribe.count - "1  subscribe".count
    let weather = try XCTUnwrap(lines.first { $0.contains("#0 weather") && $0.hasSuffix("subscribe") })
    XCTAssertEqual(weather.count - "1  subscribe".count, column, weather)
    XCTAssertEqual(column, "0s      #1 ".count + Self.label.count + 2)
  }

  func testMarblesDrawsOneLanePerStageAndJSONLinesCarryTheSameLabel() throws {
    let marbles = try run("marbles").stdout
    XCTAssertTrue(marbles.contains("\nretryWhen (errors | throwIf { .…"), marbles)
    XCTAssertFalse(marbles.contains("\n      | "), "a lane split at a line break:\n\(marbles)")
    let events = try run("discard", arguments: ["--format", "jsonl"]).stdout
    XCTAssertTrue(events.contains(#""label":"\#(Self.label)""#), events)
    XCTAssertFalse(events.contains("\\n"), events)
  }

  /// At the prompt, as a person types a statement over three lines: one lane per stage.
  func testAtThePromptAStatementTypedOverLinesDrawsOneLanePerStage() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("set weather.faults \"500,ok\"", enter: true)
    try pane.type("weather \"London\" | retryWhen (errors", enter: true)
    try pane.type("    | throwIf { .attempt > 3 } tooMany", enter: true)
    try pane.type("    | delay 1s) | map { .city } | marbles", enter: true)
    let screen = try pane.waitFor("the diagram") { $0.hasSuffix("subscribed again\npipe>") }
    XCTAssertTrue(screen.contains("\nretryWhen (errors | throwIf { .attempt"), screen)
    XCTAssertTrue(screen.contains("\n├ throwIf { .attempt > 3 }"), screen)
    let lanes = screen.split(separator: "\n").filter { $0.contains("^─") }
    XCTAssertEqual(lanes.count, 7, "one lane per stage and attempt:\n\(screen)")
  }
}
