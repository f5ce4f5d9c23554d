import Foundation
import PipeProcessSupport
import XCTest

/// A plugin's stderr reaches the user as log lines with its name: dimmed when standard error
/// is a terminal, plain otherwise.
final class ColouredLogTests: XCTestCase {
  func testAPluginsStderrIsDimmedAndNamedOnATerminal() throws {
    let sandbox = try Sandbox(self)
    sandbox.environment["NO_COLOR"] = nil
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.pipe)
    process.arguments = ["-e", #"stderr("warming up") | show"#]
    process.environment = sandbox.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = terminal.follower
    try process.run()
    process.waitUntilExit()
    terminal.closeFollower()
    XCTAssertTrue(terminal.readAll().contains("\u{1B}[2m[testbed] warming up\u{1B}[0m"))
    XCTAssertEqual(process.terminationStatus, 0)
  }

  func testItIsPlainWhenStderrIsNotATerminal() throws {
    let run = try Sandbox(self).script(#"stderr("warming up") | show"#)
    XCTAssertTrue(run.stderr.contains("[testbed] warming up\n"), run.stderr)
    XCTAssertFalse(run.stderr.contains("\u{1B}["), run.stderr)
  }
}
