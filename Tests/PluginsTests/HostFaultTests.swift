import Foundation
import PipeProcessSupport
import PluginHost
import PluginProtocol
import XCTest

/// Every way a plugin can fail becomes an error event of the right kind; the host survives, and
/// the next subscribe starts the plugin again and works.
final class HostFaultTests: XCTestCase {
  /// Runs `source`, expects one error of `kind` whose message contains `fragment`, then checks
  /// that the next subscribe works.
  private func assertFault(
    _ harness: HostHarness, _ source: String, args: JSONObject = [:], kind: String, fragment: String,
    timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line
  ) {
    let events = harness.run(source, args: args, timeout: timeout, file: file, line: line)
    XCTAssertEqual(events.count, 1, "\(events)", file: file, line: line)
    XCTAssertEqual(events.last?.failure?.kind, kind, "\(events)", file: file, line: line)
    let message = events.last?.failure?.message ?? ""
    XCTAssertTrue(message.contains(fragment), "'\(message)' lacks '\(fragment)'", file: file, line: line)
    assertRecovers(harness, file: file, line: line)
  }

  private func assertRecovers(_ harness: HostHarness, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      harness.run("echo", args: ["value": "back"], file: file, line: line),
      [.next("back", afterMs: 0), .completed(afterMs: 0)], "the next subscribe", file: file, line: line)
    XCTAssertEqual(kill(getpid(), 0), 0, "the test process is alive", file: file, line: line)
  }

  func testCrashIsPluginCrashedWithTheSignal() {
    assertFault(HostHarness(), "crash", kind: "pluginCrashed", fragment: "killed by signal \(SIGABRT)")
  }

  func testExitIsPluginCrashedWithTheStatus() {
    assertFault(
      HostHarness(), "exit", args: ["code": 3], kind: "pluginCrashed", fragment: "exited with status 3")
  }

  func testHangPastTheDeadlineIsTimeout() {
    let started = Date()
    assertFault(HostHarness(deadline: .milliseconds(300)), "hang", kind: "timeout", fragment: "300 ms")
    XCTAssertLessThan(Date().timeIntervalSince(started), 3)
  }

  func testFrozenProcessIsKilledAndRestarted() {
    let harness = HostHarness(deadline: .milliseconds(300))
    let frozen = harness.testbedPID()
    assertFault(harness, "freeze", kind: "timeout", fragment: "has said nothing for 300 ms")
    XCTAssertNotEqual(harness.testbedPID(), frozen, "a new process")
  }

  func testGarbageIsBadResponse() {
    assertFault(HostHarness(), "garbage", kind: "badResponse", fragment: "not a valid message")
  }

  /// Under ThreadSanitizer the testbed and the host's reader are slow enough that the line
  /// takes longer than the 5 s deadline of silence (`make test-tsan` got a timeout there): the
  /// deadline and the wait are ten times as long under TSan, as they are for nothing else.
  func testHugeLineIsBadResponse() {
    let slowdown = ThreadSanitizer.slowdown
    assertFault(
      HostHarness(deadline: .seconds(5 * slowdown)), "huge", kind: "badResponse",
      fragment: "longer than 1048576 bytes", timeout: 10 * slowdown)
  }

  func testWrongProtocolVersionIsBadResponse() throws {
    let once = try TemporaryFolder.make(for: self).appendingPathComponent("once")
    try Data().write(to: once)
    let harness = HostHarness(environment: ["PIPE_TESTBED_PROTOCOL": "3", "PIPE_TESTBED_ONCE": once.path])
    assertFault(harness, "echo", kind: "badResponse", fragment: "protocol version 3 is not supported")
  }

  func testNoHelloIsTimeout() throws {
    let once = try TemporaryFolder.make(for: self).appendingPathComponent("once")
    try Data().write(to: once)
    let harness = HostHarness(
      deadline: .milliseconds(300),
      environment: ["PIPE_TESTBED_NO_HELLO": "1", "PIPE_TESTBED_ONCE": once.path])
    assertFault(harness, "echo", kind: "timeout", fragment: "did not say hello within 300 ms")
  }

  func testAPluginThatCannotStartIsPluginCrashed() throws {
    let directory = try TemporaryFolder.make(for: self)
    let plugin = directory.appendingPathComponent("pipe-plugin-testbed")
    try TemporaryFolder.writeExecutable("this is not a program\n", to: plugin)
    let harness = HostHarness(directories: [directory.path])
    let events = harness.run("echo")
    XCTAssertEqual(events.last?.failure?.kind, "pluginCrashed", "\(events)")
    XCTAssertTrue(
      events.last?.failure?.message.contains("cannot start plugin 'testbed'") ?? false, "\(events)")
    try TemporaryFolder.writeExecutable("#!/bin/sh\nexec '\(Products.testbed)'\n", to: plugin)
    assertRecovers(harness)
  }

  func testLoadingANonExecutableFileThrows() throws {
    let file = try TemporaryFolder.make(for: self).appendingPathComponent("pipe-plugin-nothing")
    try "not executable".write(to: file, atomically: true, encoding: .utf8)
    let harness = HostHarness()
    XCTAssertThrowsError(try harness.host.load(path: file.path)) { error in
      XCTAssertTrue("\(error)".contains("cannot start plugin"), "\(error)")
    }
    assertRecovers(harness)
  }

  func testUnknownPluginIsPluginCrashed() {
    let events = HostHarness().run("echo", plugin: "nosuchplugin")
    XCTAssertEqual(events.last?.failure?.kind, "pluginCrashed")
    XCTAssertTrue(
      events.last?.failure?.message.contains("no plugin named 'nosuchplugin'") ?? false, "\(events)")
  }

  func testAPluginNamedDifferentlyFromItsFileIsBadResponse() throws {
    let directory = try TemporaryFolder.make(for: self)
    try TemporaryFolder.writeExecutable(
      "#!/bin/sh\nexec '\(Products.testbed)'\n", to: directory.appendingPathComponent("pipe-plugin-other"))
    let events = HostHarness(directories: [directory.path]).run("echo", plugin: "other")
    XCTAssertEqual(events.last?.failure?.kind, "badResponse")
    XCTAssertTrue(events.last?.failure?.message.contains("says its name is 'testbed'") ?? false, "\(events)")
  }

  func testEverySubscriptionOfACrashedPluginFails() {
    let harness = HostHarness()
    let hanging = harness.subscribe("hang")
    let crash = harness.run("crash")
    XCTAssertEqual(crash.last?.failure?.kind, "pluginCrashed")
    XCTAssertEqual(hanging.waitForEnd().last?.failure?.kind, "pluginCrashed")
    assertRecovers(harness)
  }
}
