import Foundation
import PluginHost
import PluginProtocol
import XCTest

final class HostTests: XCTestCase {
  func testValuesThenCompletion() {
    XCTAssertEqual(
      HostHarness().run("count", args: ["n": 3]),
      [.next(0, afterMs: 0), .next(1, afterMs: 0), .next(2, afterMs: 0), .completed(afterMs: 0)])
  }

  func testAfterMsAndStatusArePassedOn() {
    let harness = HostHarness()
    XCTAssertEqual(
      harness.run("echo", args: ["value": ["a": 1], "delay": 120]),
      [.next(["a": 1], afterMs: 120), .completed(afterMs: 120)])
    XCTAssertEqual(
      harness.run("fail", args: ["kind": "rateLimited", "status": 429]),
      [.error(kind: "rateLimited", message: "failed on demand", status: 429, afterMs: 0)])
  }

  func testTwoSubscriptionsAreMultiplexedOverOneProcess() {
    let harness = HostHarness()
    let slow = harness.subscribe("slow", args: ["ms": 100])
    let counting = harness.subscribe("count", args: ["n": 200])
    let fast = harness.subscribe("echo", args: ["value": "fast"])
    XCTAssertEqual(fast.waitForEnd(), [.next("fast", afterMs: 0), .completed(afterMs: 0)])
    XCTAssertEqual(
      counting.waitForEnd(), (0..<200).map { .next(.int($0), afterMs: 0) } + [.completed(afterMs: 0)])
    XCTAssertEqual(slow.waitForEnd(), [.next(100, afterMs: 0), .completed(afterMs: 0)])
    XCTAssertTrue(fast.recorded.count == 2 && slow.recorded.count == 2)
  }

  func testManyOverlappingSubscriptionsEachGetTheirOwnEventsAndCancelsHold() {
    let harness = HostHarness()
    let recordings = (0..<200).map { index in harness.subscribe("slow", args: ["ms": .int(index % 20)]) }
    let cancelled = stride(from: 0, to: 200, by: 3).map { index in
      usleep(100)
      return harness.loop.sync {
        recordings[index].subscription?.cancel()
        return (index, recordings[index].recorded)
      }
    }
    for (index, recording) in recordings.enumerated() where index % 3 != 0 {
      XCTAssertEqual(recording.waitForEnd(), [.next(.int(index % 20), afterMs: 0), .completed(afterMs: 0)])
    }
    harness.loop.sync {}  // every delivery queued so far has run
    for (index, atCancel) in cancelled {
      XCTAssertEqual(recordings[index].recorded, atCancel, "nothing after cancel() for \(index)")
    }
  }

  func testCancelReachesThePluginAndSilencesTheHandler() {
    let harness = HostHarness()
    let hanging = harness.subscribe("hang")
    XCTAssertNotNil(harness.testbedPID())  // the hang has certainly been sent by now
    harness.loop.sync { hanging.subscription?.cancel() }
    XCTAssertTrue(
      harness.waitForLog { $0.hasPrefix("testbed: hang ") && $0.hasSuffix(" cancelled") },
      "\(harness.logs.all)")
    XCTAssertEqual(hanging.recorded, [])
  }

  func testAHungSubscriptionTimesOutAloneWhileThePluginTalks() {
    let harness = HostHarness(deadline: .milliseconds(400))
    let pid = harness.testbedPID()
    let hanging = harness.subscribe("hang")
    let end = Date(timeIntervalSinceNow: 5)
    while hanging.recorded.isEmpty, Date() < end {
      _ = harness.run("slow", args: ["ms": 50])
    }
    XCTAssertEqual(hanging.waitForEnd().last?.failure?.kind, "timeout")
    XCTAssertTrue(harness.waitForLog { $0.hasSuffix(" cancelled") }, "the plugin was told to cancel")
    XCTAssertEqual(harness.testbedPID(), pid, "the plugin was not restarted")
  }

  func testAPluginSeesOnlyItsOwnAndTheGlobalSettings() {
    let settings: JSONObject = [
      "network": "on", "testbed.flavour": "salty", "weather.apiKey": "secret", "seed": 42,
    ]
    guard case .next(let value, _)? = HostHarness().run("inspect", settings: settings).first else {
      return XCTFail("no value")
    }
    XCTAssertEqual(value["settings"], ["network": "on", "testbed.flavour": "salty", "seed": 42])
  }

  func testStderrAndLogMessagesGoToTheLogWithThePluginsName() {
    let harness = HostHarness()
    XCTAssertEqual(harness.run("stderr", args: ["text": "warming up"]), [.completed(afterMs: 0)])
    XCTAssertTrue(harness.waitForLog { $0 == "testbed: warming up" }, "\(harness.logs.all)")
  }

  func testALongStderrLineIsCutInTheLogAndHarmsNothing() {
    let harness = HostHarness()
    let pid = harness.testbedPID()
    let text = String(repeating: "x", count: 70_000)
    XCTAssertEqual(harness.run("stderr", args: ["text": .string(text)]), [.completed(afterMs: 0)])
    XCTAssertTrue(harness.waitForLog { $0 == "testbed: " + text.prefix(65536) + "… (70000 bytes)" })
    XCTAssertEqual(harness.run("stderr", args: ["text": "after"]), [.completed(afterMs: 0)])
    XCTAssertTrue(harness.waitForLog { $0 == "testbed: after" })
    XCTAssertEqual(harness.testbedPID(), pid)
  }

  func testCatalogListsTheTestbedWithItsSources() {
    let catalog = HostHarness().host.catalog()
    let testbed = catalog.first { $0.name == "testbed" }
    XCTAssertEqual(testbed?.version, "1.0.0")
    XCTAssertEqual(testbed?.path, Products.testbed)
    XCTAssertEqual(testbed?.sources.first { $0.name == "count" }?.params.map(\.name), ["n"])
    XCTAssertEqual(testbed?.settings.map(\.key), ["testbed.flavour"])
  }

  func testCatalogLeavesOutABrokenPluginAndLogsWhy() throws {
    let directory = try temporaryDirectory(self)
    try writeExecutable(
      "#!/bin/sh\necho not a hello\n", to: directory.appendingPathComponent("pipe-plugin-broken"))
    let harness = HostHarness(directories: [directory.path, Products.directory.path])
    XCTAssertEqual(
      harness.host.catalog().map(\.name).filter { ["broken", "testbed"].contains($0) }, ["testbed"])
    XCTAssertTrue(
      harness.waitForLog { $0.hasPrefix("broken: plugin 'broken' sent a line that is not a valid message") })
  }

  func testShutdownStopsThePlugins() {
    let harness = HostHarness()
    guard let pid = harness.testbedPID() else { return XCTFail("no pid") }
    harness.host.shutdown()
    let end = Date(timeIntervalSinceNow: 5)
    while kill(pid_t(pid), 0) == 0, Date() < end { usleep(5_000) }
    XCTAssertNotEqual(kill(pid_t(pid), 0), 0, "the plugin process is gone")
  }
}
