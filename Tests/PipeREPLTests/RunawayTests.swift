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
      try pane.type(statement, enter: true)
      Thread.sleep(forTimeInterval: 0.3)
      XCTAssertFalse(try pane.screen().hasSuffix("pipe>"), "'\(statement)' is still running")
      let pressed = Date()
      try pane.press("C-c")
      try pane.waitFor("the note and the prompt after '\(statement)'", timeout: 3) {
        $0.hasSuffix("note: stopped '\(statement)' (Ctrl-C)\npipe>")
      }
      XCTAssertLessThan(Date().timeIntervalSince(pressed), 2, "'\(statement)' took long to stop")
    }
    try pane.type("just 7", enter: true)
    try pane.waitFor("the prompt still works") { $0.hasSuffix("just 7\n7\npipe>") }
  }

  func testCtrlCStopsARunawayInsideATimerOnTheRealClock() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    let statement = "every 100ms | flatMap (range(0, 1000000000000)) | count"
    try pane.type(statement, enter: true)
    Thread.sleep(forTimeInterval: 0.5)
    try pane.press("C-c")
    try pane.waitFor("the note and the prompt", timeout: 3) {
      $0.hasSuffix("note: stopped '\(statement)' (Ctrl-C)\npipe>")
    }
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
      Thread.sleep(forTimeInterval: 0.3)
      XCTAssertTrue(process.isRunning, "'\(statement)' is still running")
      let sent = Date()
      process.signal(SIGINT)
      let run = process.wait(timeout: 30)
      let took = Date().timeIntervalSince(sent)
      XCTAssertFalse(run.signaled, statement)
      XCTAssertEqual(run.status, 130, statement)
      XCTAssertLessThan(took, 1, "'\(statement)' took \(took) s to exit")
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

}
