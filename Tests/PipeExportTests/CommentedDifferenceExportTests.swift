import Foundation
import PipeProcessSupport
import XCTest

/// Issue 27, "none silently wrong": where an exported stage keeps pipe's meaning only in part,
/// the comment at its line says how the library differs (the round trips' known differences
/// of the kind `commented:` hold it too, RoundTripDifferences); where a helper makes it agree,
/// the export uses the helper. Each case is a documented pipeline the round trips run.
final class CommentedDifferenceExportTests: XCTestCase {
  /// The export of `code`, which must succeed.
  private func export(_ library: String, _ code: String, runnable: Bool = false, line: UInt) throws -> String
  {
    let run = try PipeProcess.run(
      ["export", "--to", library, "--code", code] + (runnable ? ["--runnable"] : []))
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr, line: line)
    return run.stdout
  }

  /// The export's line holding `code` (or the line just above it, for a note above a chain)
  /// says `comment` in a comment.
  private func assertCommented(
    _ library: String, _ pipeline: String, at code: String, _ comment: String, runnable: Bool = false,
    above: Bool = false, line: UInt = #line
  ) throws {
    let lines = try export(library, pipeline, runnable: runnable, line: line).split(separator: "\n").map(
      String.init)
    guard let index = lines.lastIndex(where: { $0.contains(code) }) else {
      return XCTFail("\(library): no line holds \(code):\n\(lines.joined(separator: "\n"))", line: line)
    }
    let said = above ? (index > 0 ? lines[index - 1] : "") : lines[index]
    let commentStart = said.range(of: "//")?.lowerBound ?? said.range(of: "/*")?.lowerBound
    XCTAssertTrue(
      commentStart.map { said[$0...].contains(comment) } ?? false,
      "\(library): the line \(above ? "above " : "")\(code) does not say \(comment):\n\(said)", line: line)
  }

  static let timeoutTick =
    "at the very tick of the timeout the timer set first goes first, and of() sends (and restarts it) "
    + "sooner than pipe's of: a value pipe passes may fail here"

  /// `of(1) | merge (cold "5ms b|") | timeout 5ms`: pipe's of sends 1 once the cold is
  /// subscribed, so b's event comes before the restarted timer's; the libraries' of sends at
  /// once, and their timeout fails at 5 ms.
  func testATimeoutSaysWhichComesFirstAtItsVeryTick() throws {
    let pipeline = #"of(1) | merge (cold "5ms b|" [b: 2]) | timeout 5ms | show"#
    try assertCommented("rxjs", pipeline, at: "timeout({ each: 5", Self.timeoutTick)
    try assertCommented(
      "combine", pipeline, at: ".timeout(.milliseconds(5)",
      Self.timeoutTick.replacingOccurrences(of: "of() sends", with: "a sequence's publisher sends"))
  }

  func testAnEndlessRepeatSaysPipeStopsItAndTheLibrariesDoNot() throws {
    let comment =
      "repeats without end, even a source that completes at once (pipe stops after 1,000,000 resubscriptions without time moving)"
    try assertCommented("rxjs", "empty | repeat", at: "repeat()", comment)
    try assertCommented("combine", "empty | repeat", at: ".repeat()", comment)
  }

  func testAWholeDoubleInRxJSSaysItPrintsAsAnInt() throws {
    try assertCommented(
      "rxjs", "of(2, 2.0) | show", at: "of(2, 2.0)",
      "JavaScript has one type of number: the Double 2.0 prints as 2, where pipe prints 2.0", above: true)
  }

  func testRxJSThrottleWithLatestSaysHowAnIntervalTieDiffers() throws {
    try assertCommented(
      "rxjs", "every 100ms | throttle 1s | take 3", at: "throttleLatest(1000, true)",
      "on the TestScheduler an interval() value due at the tick the wait ends comes first, in pipe after")
  }

  /// pipe runs a statement with `&` together with the next ones: so does the runnable Combine
  /// program (its `run` played each to its end before the next one started).
  func testABackgroundStatementInTheCombineProgramRunsWithTheNext() throws {
    let code = try export("combine", "just 1 | show &; just 2 | show &", runnable: true, line: #line)
    XCTAssertTrue(
      code.contains("// (pipe ran it in the background, with &)\nrunInBackground(\n    Just(1)\n)"), code)
    XCTAssertTrue(code.hasSuffix("runInBackground(\n    Just(2)\n)\n\nwaitForAll()\n"), code)
    XCTAssertTrue(code.contains("func runInBackground<P: Publisher>(_ publisher: P) {"), code)
  }

  /// `let f = cold [A, B]`: in pipe each use of f is its own, which plays A first; the
  /// code's one `f` counts every use's subscriptions together.
  func testALetOfSeveralDiagramsSaysEachUseCountsItsOwn() throws {
    let pipeline = #"let f = cold ["10ms #", "10ms (a|)"]; f | retry 2 | show; f | catch (f) | show"#
    let note =
      "(in pipe each use of f plays the 2 diagrams from the first, a retry the next; here all its uses share one count of subscriptions)"
    try assertCommented("rxjs", pipeline, at: "const f = coldEach(", note, above: true)
    try assertCommented("combine", pipeline, at: "let f = cold(", note, above: true)
  }

  func testCombineHotSaysItsEventsAreTheTestsToSend() throws {
    try assertCommented(
      "combine", #"hot "-a-^-b-c|" | show"#, at: "/// pipe's hot", "send its events from your test")
  }

  /// RxJS's TestScheduler gives a subscriber at frame 0 the events before `^` too; pipe's
  /// subscribers never see them.
  func testRxJSHotPlaysOnlyWhatFollowsItsCaret() throws {
    let code = try export("rxjs", #"hot "-a-^-b-c|" | show"#, line: #line)
    XCTAssertTrue(code.contains("hot('^-b-c|')"), code)
  }

  /// pipe's throttle is RxSwift's: RxJS's throttleTime and Combine's throttle(latest: false)
  /// let other values through (`every 100ms | throttle 1s latest: false | take 3`: RxJS
  /// 0 11 22, Combine 0 1 10, pipe 0 10 20).
  func testThrottleIsAHelperThatDoesWhatPipeDoes() throws {
    let code = "every 100ms | throttle 1s latest: false | take 3"
    try assertWrites(
      "rxjs", code,
      ["throttleLatest(1000, false)", "function throttleLatest<T>(duration: number, latest: boolean)"],
      not: "throttleTime(")
    try assertWrites(
      "combine", code,
      [".throttleFirst(for: .seconds(1), scheduler: scheduler)", "func throttleFirst<S: Scheduler>("],
      not: "scheduler: scheduler, latest: false)")
  }

  /// Combine's prefix(1) finishes only at the event after the value, which may be an error
  /// (`fail serverFailure | retry 3 | startWith 0 | take 1` printed 0, then the error).
  func testCombineTakeIsAHelperThatEndsAtItsLastValue() throws {
    try assertWrites(
      "combine", "fail serverFailure | retry 3 | startWith 0 | take 1",
      [".prepend(0)\n    .take(1)", "struct Take<Upstream: Publisher>: Publisher {"], not: ".prefix(1)")
  }

  /// The export of `code` has each of `parts` (a library's helper and its call) and not the
  /// library's own operator, `not`.
  private func assertWrites(
    _ library: String, _ code: String, _ parts: [String], not own: String, line: UInt = #line
  ) throws {
    let text = try export(library, code, line: line)
    for part in parts { XCTAssertTrue(text.contains(part), text, line: line) }
    XCTAssertFalse(text.contains(own), text, line: line)
  }
}
