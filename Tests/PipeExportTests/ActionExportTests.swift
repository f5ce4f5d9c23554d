import Foundation
import PipeProcessSupport
import XCTest

/// An action binds the event's error only where it reads it: Combine's `if case
/// .failure(let error)` with an unused `error` is a warning, which warnings-as-errors refuses.
/// Whether it reads it is read from the action's expression, not from the code written.
final class ActionExportTests: XCTestCase {
  func testAnErrorActionBindsTheErrorOnlyWhereItReadsIt() throws {
    let quiet = try exportRun("combine", #"cold "-#" | onError say { "an error came" } | catch empty"#)
    XCTAssertEqual(quiet.status, 0, quiet.stderr)
    XCTAssertTrue(
      quiet.stdout.contains(#"if case .failure = completion { print("an error came") }"#), quiet.stdout)
    let reading = try exportRun("combine", #"cold "-#" | onError say { "failed: " + .kind } | catch empty"#)
    XCTAssertTrue(
      reading.stdout.contains(
        #"if case .failure(let error) = completion { print("failed: " + error.kind) }"#),
      reading.stdout)
  }
}

/// The Swift exports' note on `set retryAfter` is read from the setting's path, not found in
/// the statement's text: a value that says "retryAfter" is no such setting.
final class RetryAfterSettingExportTests: XCTestCase {
  func testTheNoteFollowsTheSettingNotItsText() throws {
    let note = "the delay strategies below still wait at least an error's retryAfter"
    for library in ["rxswift", "combine"] {
      let setting = try exportRun(library, "set retryAfter off\njust 1 | show")
      XCTAssertTrue(setting.stdout.contains(note), setting.stdout)
      let text = try exportRun(library, "set weather.faults \"retryAfter\"\njust 1 | show")
      XCTAssertEqual(text.status, 0, text.stderr)
      XCTAssertFalse(text.stdout.contains(note), text.stdout)
      XCTAssertTrue(text.stdout.contains("(a setting of pipe's: no code)"), text.stdout)
    }
  }
}
