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
