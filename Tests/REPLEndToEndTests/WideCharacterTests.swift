import Foundation
import PipeProcessSupport
import TerminalText
import XCTest

/// Wide characters (CJK, emoji) take two terminal columns and combining marks none: every
/// drawing pads and places by columns, so what comes after them stays in line. Each test runs
/// the `pipe` binary as a person would.
final class WideCharacterTests: XCTestCase {
  private func run(_ code: String) throws -> (stdout: String, stderr: String) {
    let result = try PipeProcess.run(
      ["-e", code], environment: ["COLUMNS": "80", "LANG": "C.UTF-8", "FORCE_COLOR": "", "NO_COLOR": "1"])
    return (result.stdout, result.stderr)
  }

  func testATableLinesUpCJKEmojiAndCombiningCells() throws {
    let code =
      #"of([city: "東京", temp: 1], [city: "Oslo", temp: 22], [city: "Zu\u{308}rich", temp: 3], [city: "👍🏽 ok", temp: 4]) | table"#
    XCTAssertEqual(
      try run(code).stdout,
      """
      city    temp
      ──────  ────
      東京       1
      Oslo      22
      Zürich     3
      👍🏽 ok      4

      """)
  }

  func testMarbleLanesStayInLineAfterWideLabelsAndValues() throws {
    let code = #"of("東京", "Zu\u{308}rich", "👍🏽") | flatMap (cold "-a|") | marbles"#
    XCTAssertEqual(
      try run(code).stdout,
      """
                                                 0ms               1ms             2ms
                                                 ┬─────────────────┬─────────────────┬
      of("東京", "Zu\\u{308}rich", "👍🏽…           ^(bcd|)
      flatMap (cold "-a|")                       ^─────────────────(aaa)─────────────|
      └ cold "-a|"                       "東京"  ^─────────────────a─────────────────|
                                       "Zürich"  ^─────────────────a─────────────────|
                                           "👍🏽"  ^─────────────────a─────────────────|
      b = 東京
      c = Zürich
      d = 👍🏽
      ^ subscribe  (ab) same instant  | complete  "東京" sub-pipeline for that value

      """)
  }

  /// The issue's own example: the lane of `weather "北京"` starts under the time axis.
  func testAWideStageLabelDoesNotShiftItsLane() throws {
    let lines = try run(#"weather "北京" | marbles"#).stdout.split(separator: "\n").map(String.init)
    let ruler = try XCTUnwrap(lines.first { $0.contains("┬") })
    let lane = try XCTUnwrap(lines.first { $0.hasPrefix("weather") })
    XCTAssertEqual(column(of: "^", in: lane), column(of: "┬", in: ruler), "\(ruler)\n\(lane)")
  }

  func testThePlotsFirstLineFitsTheWidthWithAWideFieldName() throws {
    let first = try run(#"every 1s | take 60 | map { ["気温": . % 7] } | plot"#).stdout.prefix { $0 != "\n" }
    XCTAssertTrue(first.hasSuffix("60 values of 気温, min 0, max 6"), String(first))
    XCTAssertEqual(first.displayWidth, 80, String(first))
  }

  func testTheGraphsRolesLineUp() throws {
    XCTAssertEqual(
      try run("of(\"東京\") | map { . } | show\n:graph").stdout,
      """
      東京
      #0  of("東京")  source
      #1  map { . }   transform
      #2  show        sink

      """)
  }

  func testACaretAfterWideCharactersStaysUnderItsSpan() throws {
    XCTAssertEqual(
      try run("of(\"東京\", \"e\u{301}👍🏽\") | fliter").stderr,
      """
      <-e>:1:18: error: unknown operator 'fliter'
      1 | of("東京", "é👍🏽") | fliter
        |                     ^^^^^^
        = help: did you mean 'filter'?

      """)
  }

  /// Tab's list of file names after `:load`: libedit lays columns out by bytes, pipe evens
  /// them out, so every column starts at the same place on every row.
  func testACompletionListOfWideNamesLinesUp() throws {
    let folder = try TemporaryFolder.home(for: self)
    let names = ["東京", "Oslo", "ab", "北京市", "nai\u{308}ve", "👍", "Zürich", "lima", "서울", "x", "y", "z"]
    for name in names {
      FileManager.default.createFile(atPath: folder + "/" + name + ".pipe", contents: Data())
    }
    let pane = try Tmux.start(test: self, home: folder, directory: folder, environment: ["LANG": "C.UTF-8"])
    try pane.type(":load ")
    try pane.press("Tab")
    try pane.press("Tab")
    let screen = try pane.waitFor("the list of names") { $0.contains("北京市.pipe") && $0.contains("Oslo.pipe") }
    let rows = screen.split(separator: "\n").map(String.init).filter {
      $0.contains(".pipe") && !$0.contains(">")
    }
    XCTAssertGreaterThan(rows.count, 1, screen)
    let starts = rows.map { row in
      row.split(separator: " ", omittingEmptySubsequences: true).map { column(of: String($0), in: row) }
    }
    for row in starts.dropFirst() {
      XCTAssertEqual(Array(row.prefix(starts[0].count)), Array(starts[0].prefix(row.count)), screen)
    }
  }

  /// The terminal column where `text` first starts in `line`.
  private func column(of text: String, in line: String) -> Int? {
    line.range(of: text).map { line[..<$0.lowerBound].displayWidth }
  }
}
