import Foundation
import PipeProcessSupport
import XCTest

/// The one way the tests run a program: it cannot hang a test, leave a child behind, or read
/// or write the real HOME.
final class SpawnedTests: XCTestCase {
  /// A run that does not end is killed with everything it started, and the failure says what
  /// it printed. (Spawned killed only the program itself: a child it started kept running.)
  func testARunThatDoesNotEndIsKilledWithItsChildren() throws {
    let shell = try Spawned(
      ["-c", "sleep 300 & echo child $!; wait"], environment: PipeProcess.environment(), executable: "/bin/sh"
    )
    XCTAssertTrue(shell.waitForOutput("child "), shell.stdout)
    let child = try XCTUnwrap(Int32(shell.stdout.split(separator: " ").last?.dropLast() ?? ""), shell.stdout)
    var message = ""
    let run = shell.wait(timeout: 1) { message = $0 }
    XCTAssertTrue(run.signaled)
    XCTAssertTrue(message.contains("sh -c sleep 300 & echo child $!; wait did not end within 1.0 s"), message)
    XCTAssertTrue(message.contains("child \(child)"), "the failure shows what it printed: \(message)")
    // And what the shell and its child were doing: waiting, each in its own wait channel.
    let shellLine = "\(shell.pid) state S group \(shell.pid): /bin/sh -c sleep 300"
    XCTAssertTrue(message.contains(shellLine), message)
    XCTAssertTrue(message.contains("  \(child) state S group \(shell.pid): sleep 300"), message)
    XCTAssertTrue(message.contains("  thread \(child) S "), message)
    waitUntil(deadline: 3, "the child \(child) of the killed run is still running") {
      hasEnded(process: child)
    }
  }

  /// A wait returns as soon as what it waits for holds, and fails, saying what did not happen,
  /// once its deadline has passed.
  func testAWaitFailsPastItsDeadline() {
    var checks = 0
    var failure: String?
    XCTAssertTrue(
      waitUntil(deadline: 5, "three checks", failed: { failure = $0 }) {
        checks += 1; return checks == 3
      })
    XCTAssertEqual(checks, 3)
    XCTAssertNil(failure)
    let start = Date()
    XCTAssertFalse(waitUntil(deadline: 0.2, "nothing happened", failed: { failure = $0 }) { false })
    XCTAssertEqual(failure, "nothing happened (waited 0.2 s)")
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.2)
  }

  /// Each run gets a HOME of its own, not the tests' own, and it is removed afterwards.
  func testEachRunHasAFreshHomeRemovedAfterwards() throws {
    let homes = try (1...2).map { _ in
      try Spawned(
        ["-c", #"test -d "$HOME" && echo "$HOME""#], environment: PipeProcess.environment(),
        executable: "/bin/sh"
      )
      .wait().stdout.trimmingCharacters(in: .newlines)
    }
    XCTAssertNotEqual(homes[0], homes[1])
    for home in homes {
      XCTAssertTrue(home.hasPrefix(FileManager.default.temporaryDirectory.path), home)
      XCTAssertNotEqual(home, ProcessInfo.processInfo.environment["HOME"])
      XCTAssertFalse(FileManager.default.fileExists(atPath: home), "\(home) is left behind")
    }
  }

  /// A HOME the test passes is used as it is, and kept.
  func testAHomeTheTestPassesIsKept() throws {
    let home = try TemporaryFolder.home(for: self)
    let run = try PipeProcess.run(["-e", "set seed 7"], home: home)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home), home)
  }
}
