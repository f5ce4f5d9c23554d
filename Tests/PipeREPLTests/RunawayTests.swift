import Foundation
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
    let pane = try Tmux.start(test: self, home: try PipeBinary.temporaryHome(for: self))
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
      test: self, home: try PipeBinary.temporaryHome(for: self), arguments: ["--clock", "real"])
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
      let process = Process()
      process.executableURL = URL(fileURLWithPath: PipeBinary.path)
      process.arguments = ["-e", statement + "; just \"never printed\""]
      let stderr = Pipe()
      process.standardError = stderr
      process.standardOutput = Pipe()
      try process.run()
      Thread.sleep(forTimeInterval: 0.5)
      XCTAssertTrue(process.isRunning, "'\(statement)' is still running")
      let sent = Date()
      process.interrupt()
      process.waitUntilExit()
      let took = Date().timeIntervalSince(sent)
      XCTAssertEqual(process.terminationReason, .exit, statement)
      XCTAssertEqual(process.terminationStatus, 130, statement)
      XCTAssertLessThan(took, 1, "'\(statement)' took \(took) s to exit")
      let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertTrue(error.contains("note: stopped '\(statement)' (Ctrl-C)"), error)
    }
  }

  func testARunawayAtOneInstantStopsByItselfWithANoteAndTheScriptGoesOn() throws {
    for statement in ["fail x | retry", "empty | repeat"] {
      let result = try Self.run(["-e", statement + "; just 7"], killedAfter: 60)
      XCTAssertEqual(result.output, "7\n", statement)
      XCTAssertTrue(
        result.error.contains(
          "note: stopped '\(statement)' after 1000000 resubscriptions at 0s without time moving"),
        result.error)
      XCTAssertEqual(result.status, 0)
    }
  }

  /// Runs pipe with `arguments`; kills it (and fails) if it is still running after `limit` s.
  static func run(_ arguments: [String], killedAfter limit: TimeInterval) throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PipeBinary.path)
    process.arguments = arguments
    let (stdout, stderr) = (Pipe(), Pipe())
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let deadline = Date().addingTimeInterval(limit)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      process.terminate()
      XCTFail("pipe \(arguments) still ran after \(limit) s")
    }
    process.waitUntilExit()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, output, error)
  }

}
