import Foundation
import PipeProcessSupport
import PluginHost
import PluginProtocol
import XCTest

/// A host whose engine loop is a serial queue, with the plugin logs it received.
final class HostHarness: Sendable {
  let loop = DispatchQueue(label: "plugins-tests.loop")
  let host: PluginHost
  let logs = Collected<String>()

  init(
    deadline: Duration = .seconds(5), directories: [String] = [Products.directory.path],
    environment: [String: String] = [:]
  ) {
    let loop = self.loop
    let logs = self.logs
    host = PluginHost(
      options: .init(deadline: deadline, directories: directories, environment: environment),
      log: { plugin, line in logs.append("\(plugin): \(line)") },
      deliver: { work in loop.async(execute: work) })
  }

  /// Subscribes on the loop, as the engine does.
  func subscribe(
    _ source: String, plugin: String = "testbed", args: JSONObject = [:], settings: JSONObject = [:]
  ) -> Recording {
    let recording = Recording()
    recording.subscription = loop.sync {
      host.subscribe(plugin: plugin, source: source, args: args, settings: settings) { recording.record($0) }
    }
    return recording
  }

  /// Subscribes and waits (up to `timeout` seconds) for the end.
  func run(
    _ source: String, plugin: String = "testbed", args: JSONObject = [:], settings: JSONObject = [:],
    timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line
  ) -> [PluginEvent] {
    subscribe(source, plugin: plugin, args: args, settings: settings).waitForEnd(
      timeout: timeout, file: file, line: line)
  }

  /// Waits until a log line satisfies `predicate`.
  func waitForLog(timeout: TimeInterval = 5, _ predicate: (String) -> Bool) -> Bool {
    let end = Date(timeIntervalSinceNow: timeout)
    while Date() < end {
      if logs.all.contains(where: predicate) { return true }
      usleep(5_000)
    }
    return false
  }

  /// The pid of the running testbed, asked through `inspect`.
  func testbedPID(file: StaticString = #filePath, line: UInt = #line) -> Int? {
    guard case .next(let value, _)? = run("inspect", file: file, line: line).first else { return nil }
    return value["pid"]?.intValue
  }
}

/// The events of one subscription, in order.
final class Recording: @unchecked Sendable {
  private let events = Collected<PluginEvent>()
  private let ended = DispatchSemaphore(value: 0)
  var subscription: PluginSubscription?

  func record(_ event: PluginEvent) {
    events.append(event)
    if event.isTerminal { ended.signal() }
  }

  var recorded: [PluginEvent] { events.all }

  func waitForEnd(timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line)
    -> [PluginEvent]
  {
    if ended.wait(timeout: .now() + timeout) == .timedOut {
      XCTFail("no terminal event within \(timeout) s; got \(recorded)", file: file, line: line)
    }
    return recorded
  }
}

extension PluginEvent {
  /// The error's kind and message, if this is an error.
  var failure: (kind: String, message: String)? {
    if case .error(let kind, let message, _, _, _) = self { return (kind, message) }
    return nil
  }
}
