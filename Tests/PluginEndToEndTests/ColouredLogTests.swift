import Foundation
import PipeProcessSupport
import XCTest

/// A plugin's stderr reaches the user as log lines with its name: dimmed when standard error
/// is a terminal, plain otherwise.
final class ColouredLogTests: XCTestCase {
  func testAPluginsStderrIsDimmedAndNamedOnATerminal() throws {
    let sandbox = try Sandbox(self)
    sandbox.environment["NO_COLOR"] = nil
    let run = try Spawned(
      ["-e", #"stderr("warming up") | show"#], environment: sandbox.environment, errors: .terminal
    ).wait()
    XCTAssertTrue(run.stderr.contains("\u{1B}[2m[testbed] warming up\u{1B}[0m"), run.stderr)
    XCTAssertEqual(run.status, 0)
  }

  func testItIsPlainWhenStderrIsNotATerminal() throws {
    let run = try Sandbox(self).script(#"stderr("warming up") | show"#)
    XCTAssertTrue(run.stderr.contains("[testbed] warming up\n"), run.stderr)
    XCTAssertFalse(run.stderr.contains("\u{1B}["), run.stderr)
  }
}
