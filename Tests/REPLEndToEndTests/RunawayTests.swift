import Foundation
import PipeProcessSupport
import XCTest

/// Statements that never end by themselves: Ctrl-C stops every kind at the prompt, SIGINT
/// ends a script with 130, and a runaway at one instant stops by itself with a note.
final class RunawayTests: XCTestCase {
  /// Runaways of every kind: endless resubscription at one instant, through the trampoline
  /// or through the virtual clock, and endless synchronous sources, alone or nested.
  static let runaways = [
    "just 1 | repeat | count",
    "fail offline | retry",
    "fail x | retryWhen immediate(1000000000)",
    "range(0, 1000000000000) | count",
    "cold \"#\" | retry",
    "empty | repeat",
    "range(0, 1000000000000) | scan 0 { acc + . } | last",
    "just 1 | flatMap (just 2 | repeat) | count",
    "of(1, 2) | concat (range(0, 1000000000000)) | count",
    "fail x | retryWhen (errors) | count",
  ]

  func testCtrlCStopsEveryRunawayAndThePromptTakesTheNextStatement() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    for statement in Self.runaways {
      try runThenPressCtrlC(statement, in: pane)
    }
    try pane.type("just 7", enter: true)
    try pane.waitFor("the prompt still works") { $0.hasSuffix("just 7\n7\npipe>") }
  }

  func testCtrlCStopsARunawayInsideATimerOnTheRealClock() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try runThenPressCtrlC("every 100ms | flatMap (range(0, 1000000000000)) | count", in: pane)
    try pane.type("just 7", enter: true)
    try pane.waitFor("the prompt still works") { $0.hasSuffix("just 7\n7\npipe>") }
  }

  func testSIGINTEndsAScriptWith130AtOnce() throws {
    for statement in ["range(0, 1000000000000) | count", "every 1ms | count", "just 1 | repeat | count"] {
      // The first statement says when pipe runs statements: on a loaded machine a debug
      // build may take longer than any fixed wait to get there.
      let process = try Spawned(
        ["-e", "just \"started\"; " + statement + "; just \"never printed\""],
        environment: PipeProcess.environment())
      XCTAssertTrue(process.waitForOutput("started", timeout: 30), "'\(statement)' never started")
      let before = try cpuSeconds(ofProcess: process.pid)
      try waitUntilBusy(
        "'\(statement)'", since: before, cpuSeconds: { try cpuSeconds(ofProcess: process.pid) }
      ) {
        !process.isRunning
      }
      process.signal(SIGINT)
      // "At once": a run that has not ended within 5 s is killed and fails the test.
      let run = process.wait(timeout: 5)
      XCTAssertFalse(run.signaled, statement)
      XCTAssertEqual(run.status, 130, statement)
      XCTAssertTrue(run.stderr.contains("note: stopped '\(statement)' (Ctrl-C)"), run.stderr)
    }
  }

  func testARunawayAtOneInstantStopsByItselfWithANoteAndTheScriptGoesOn() throws {
    for statement in ["fail x | retry", "empty | repeat"] {
      let result = try PipeProcess.run(["-e", statement + "; just 7"], timeout: 60)
      XCTAssertEqual(result.stdout, "7\n", statement)
      XCTAssertTrue(
        result.stderr.contains(
          "note: stopped '\(statement)' after 1000000 resubscriptions at 0s without time moving"),
        result.stderr)
      XCTAssertEqual(result.status, 0)
    }
  }

  /// Types `statement` at the prompt, waits until it runs (busy, no prompt), presses Ctrl-C,
  /// and waits (3 s at most, else the test fails) for the note and the prompt.
  private func runThenPressCtrlC(_ statement: String, in pane: Tmux) throws {
    let before = try pane.cpuSeconds()
    try pane.type(statement, enter: true)
    try waitUntilBusy("'\(statement)'", since: before, cpuSeconds: pane.cpuSeconds) {
      try pane.screen().hasSuffix("pipe>")
    }
    try pane.press("C-c")
    try pane.waitFor("the note and the prompt after '\(statement)'", timeout: 3) {
      $0.hasSuffix("note: stopped '\(statement)' (Ctrl-C)\npipe>")
    }
  }

  /// Waits until the program has used `busy` seconds of CPU more than `since`: the runaway
  /// runs (it spins at full speed, where a program waiting for input uses none). Fails the
  /// test when `ended` says it stopped first, or after 20 s.
  private func waitUntilBusy(
    _ what: String, since: Double, busy: Double = 0.2, cpuSeconds: () throws -> Double,
    file: StaticString = #filePath, line: UInt = #line, ended: () throws -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(20)
    while try cpuSeconds() - since < busy {
      if try ended() {
        XCTFail("\(what) ended by itself", file: file, line: line)
        throw CancellationError()
      }
      guard Date() < deadline else {
        XCTFail("\(what) did not run within 20 s", file: file, line: line)
        throw CancellationError()
      }
      usleep(10_000)
    }
  }
}
