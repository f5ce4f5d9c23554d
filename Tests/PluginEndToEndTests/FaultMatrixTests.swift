import Foundation
import PipeProcessSupport
import XCTest

/// Every way a plugin can fail, through the real `pipe`: the error is printed with its kind,
/// the next statement that uses the same plugin works (it is started afresh), and pipe ends by
/// itself with status 1 (an error reached a sink unhandled), never by a signal.
final class FaultMatrixTests: XCTestCase {
  /// The deadline the tests give plugins (`PIPE_PLUGIN_DEADLINE`), so a hang costs two seconds, not ten (and a slow start still says hello in time).
  static let deadline = ["PIPE_PLUGIN_DEADLINE": "2"]

  func testACrashIsPluginCrashedWithTheSignal() throws {
    try assertRecovers(
      from: "crash", kind: "pluginCrashed", saying: "plugin 'testbed' crashed: killed by signal 6")
  }

  func testAnExitIsPluginCrashedWithTheStatus() throws {
    try assertRecovers(
      from: "exit(7)", kind: "pluginCrashed", saying: "plugin 'testbed' exited with status 7")
  }

  func testAHangPastTheDeadlineIsATimeout() throws {
    let started = Date()
    try assertRecovers(from: "hang", kind: "timeout", saying: "plugin 'testbed' has said nothing for 2 s")
    XCTAssertLessThan(Date().timeIntervalSince(started), 9, "the deadline came from PIPE_PLUGIN_DEADLINE")
  }

  func testAStoppedProcessIsATimeout() throws {
    try assertRecovers(from: "freeze", kind: "timeout", saying: "has said nothing for 2 s; it was stopped")
  }

  func testGarbageIsABadResponse() throws {
    try assertRecovers(
      from: "garbage", kind: "badResponse", saying: "sent a line that is not a valid message")
  }

  func testAHugeLineIsABadResponse() throws {
    // Not a test of deadlines: a loaded machine may take seconds over 2 MiB in a debug build.
    try assertRecovers(
      from: "huge", kind: "badResponse", saying: "sent a line longer than 1048576 bytes",
      environment: ["PIPE_PLUGIN_DEADLINE": "30"])
  }

  func testAWrongProtocolVersionIsABadResponse() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-testbed", testbedFaultyOnSecondStart("PIPE_TESTBED_PROTOCOL=3"))
    try assertRecovers(
      from: #"echo("second start")"#, kind: "badResponse",
      saying: "protocol version 3 is not supported (this side speaks 1 and 2)",
      in: sandbox, after: "crash | catch empty | show")
  }

  func testNoHelloWithinTheDeadlineIsATimeout() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-testbed", testbedFaultyOnSecondStart("PIPE_TESTBED_NO_HELLO=1"))
    try assertRecovers(
      from: #"echo("second start")"#, kind: "timeout", saying: "did not say hello within 2 s", in: sandbox,
      after: "crash | catch empty | show")
  }

  /// The testbed takes its own execute bit when it starts; `repair`, a plugin written in sh,
  /// gives it back, and the next statement starts the testbed again.
  func testAPluginThatCannotStartIsPluginCrashedUntilItIsRepaired() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-testbed", "#!/bin/sh\nchmod -x \"$0\"\nexec '\(Products.testbed)'\n")
    try sandbox.addPlugin("pipe-plugin-fixer", Fixtures.fixer)
    let run = try sandbox.script(
      """
      crash | show
      echo("cannot start") | show
      repair | show
      echo("started again") | show
      """, environment: Self.deadline)
    XCTAssertTrue(run.stderr.contains("error: pluginCrashed — plugin 'testbed' crashed"), run.stderr)
    XCTAssertTrue(
      run.stderr.contains("error: pluginCrashed — cannot start plugin 'testbed'"), run.stderr)
    XCTAssertEqual(run.stdoutLines, ["started again"])
    XCTAssertFalse(run.signaled)
    XCTAssertEqual(run.status, 1)
  }

  /// A plugin that cannot start when pipe looks for plugins is left out, with a note in the
  /// log, and the others work.
  func testAPluginThatCannotStartAtDiscoveryIsLeftOutWithANote() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-broken", "#!/nonexistent/interpreter\n")
    let run = try sandbox.script(#"echo("fine") | show"#, environment: Self.deadline)
    XCTAssertTrue(run.stderr.contains("[broken] cannot start plugin 'broken'"), run.stderr)
    XCTAssertEqual(run.stdoutLines, ["fine"])
    XCTAssertEqual(run.status, 0)
  }

  /// Runs `source`, after `prelude`, then a statement that uses the testbed again; checks the
  /// error `source` met, the next statement's value, and how pipe ended.
  private func assertRecovers(
    from source: String, kind: String, saying message: String, in given: Sandbox? = nil,
    after prelude: String = "", environment: [String: String] = FaultMatrixTests.deadline,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let sandbox = try given ?? Sandbox(self)
    let text = "\(prelude)\n\(source) | show\n" + #"echo("after") | show"#
    let run = try sandbox.script(text, environment: environment)
    XCTAssertTrue(
      run.stderr.contains("error: \(kind) — ") && run.stderr.contains(message), run.stderr, file: file,
      line: line)
    XCTAssertEqual(
      run.stdoutLines.count, 1, "the next statement's value: \(run.stdout)", file: file, line: line)
    XCTAssertFalse(run.signaled, file: file, line: line)
    XCTAssertEqual(run.status, 1, "an unhandled error, and nothing worse", file: file, line: line)
  }

  /// The testbed behind a shell script that sets `assignment` on its second start only.
  private func testbedFaultyOnSecondStart(_ assignment: String) -> String {
    """
    #!/bin/sh
    starts=$(( $(cat "$0.starts" 2>/dev/null || echo 0) + 1 ))
    echo "$starts" > "$0.starts"
    if [ "$starts" = 2 ]; then export \(assignment); fi
    exec '\(Products.testbed)'
    """
  }
}
