import Foundation
import PipeProcessSupport
import XCTest

/// The bridge's clock, seen through `log`: a reply's `after_ms` counts from the subscription's
/// previous event, and virtual time stands still while a plugin works.
final class BridgeTimingTests: XCTestCase {
  func testWeatherIsTimedByTheSimulatorsLatency() throws {
    let sandbox = try Sandbox(self)
    for city in ["London", "Oslo"] {
      let latency = try simulatorLatency(city: city)
      let run = try sandbox.script(#"weather "\#(city)" | log"#)
      XCTAssertEqual(
        Timeline(run, of: #"weather "\#(city)""#).events.map(\.short),
        ["0s subscribe", "\(latency)ms next", "\(latency)ms completed", "\(latency)ms dispose"], run.stdout)
    }
  }

  /// On the wall clock a reply and the completion right after it are due together; their
  /// timers may fire in either order, but the value must still come first.
  func testOnTheRealClockAValueComesBeforeTheCompletionDueWithIt() throws {
    let sandbox = try Sandbox(self)
    for _ in 0..<8 {
      let run = try sandbox.run(["--clock", "real", "-e", #"weather "London" | map { .city }"#])
      XCTAssertEqual(run.stdout, "London\n", run.stderr)
    }
  }

  func testAfterMsCountsFromThePreviousEvent() throws {
    let run = try Sandbox(self).script("echo(delay: 40) | log")
    XCTAssertEqual(
      Timeline(run, of: "echo(delay: 40)").events.map(\.short),
      ["0s subscribe", "40ms next", "80ms completed", "80ms dispose"])
  }

  func testAStreamThatNeverEndsIsSpacedAndEndedByTake() throws {
    let run = try Sandbox(self).script("ticks(every: 250) | take 3 | log")
    XCTAssertEqual(
      Timeline(run, of: "ticks(every: 250)").events.map(\.withValue),
      ["0s subscribe", "250ms next 0", "500ms next 1", "750ms next 2", "750ms dispose"], run.stdout)
    XCTAssertEqual(run.status, 0)
  }

  /// `slow` answers after 300 real ms with no `after_ms`: the virtual clock waits for it, so
  /// the timeout of 100 ms does not fire, and a timer beside it runs after it.
  func testVirtualTimeStandsStillWhileAPluginWorks() throws {
    let run = try Sandbox(self).script(
      """
      slow(300) | timeout 100ms | show
      slow(200) | merge (timer 50ms) | log
      """)
    XCTAssertEqual(run.stdoutLines.first, "300")
    let merged = Timeline(run, of: "merge (timer 50ms)").events.map(\.withValue)
    XCTAssertEqual(merged, ["0s subscribe", "0s next 200", "50ms next 0", "50ms completed", "50ms dispose"])
  }

  func testAPythonPluginStreamsThroughTheLanguage() throws {
    try requirePython()
    let sandbox = try Sandbox(self)
    sandbox.environment["PIPE_PLUGIN_PATH"] =
      Products.repository.appendingPathComponent("examples/plugins").path
    let run = try sandbox.script("roll(count: 3) | log\nroll(500) | show")
    let timeline = Timeline(run, of: "roll(count: 3)").events
    XCTAssertEqual(
      timeline.map(\.short),
      ["0s subscribe", "10ms next", "20ms next", "30ms next", "30ms completed", "30ms dispose"],
      run.stdout + run.stderr)
    XCTAssertTrue(run.stderr.contains("error: badDice — cannot roll 500 dice with 6 sides"), run.stderr)
    XCTAssertEqual(run.status, 1)
  }

  /// What the weather plugin itself says London's latency is (seed 42, attempt 1).
  private func simulatorLatency(city: String) throws -> Int {
    let plugin = try Spawned(
      [], environment: PipeProcess.environment(), executable: Products.path(of: "pipe-plugin-weather"))
    plugin.send(
      #"{"type":"subscribe","id":1,"source":"weather","args":{"place":"\#(city)"},"#
        + #""settings":{"seed":42,"network":"on"},"attempt":1}"# + "\n")
    let lines = plugin.wait().stdout
    let next = lines.split(separator: "\n").first { $0.contains(#""type":"next""#) } ?? ""
    let object = try JSONSerialization.jsonObject(with: Data(next.utf8)) as? [String: Any]
    return try XCTUnwrap(object?["after_ms"] as? Int)
  }
}

/// The events `log` printed for one stage.
struct Timeline {
  struct Event {
    var time: String
    var kind: String
    var value: String

    var short: String { "\(time) \(kind)" }
    var withValue: String { value.isEmpty ? short : "\(time) \(kind) \(value)" }
  }

  var events: [Event] = []

  /// `label` is the stage's text as `log` shows it: `TIME  #NODE LABEL  ATTEMPT  EVENT [VALUE]`.
  init(_ run: PipeRun, of label: String) {
    for line in run.stdoutLines {
      guard let hash = line.firstIndex(of: "#") else { continue }
      let stage = line[hash...].drop { $0 != " " }.dropFirst()
      guard stage.hasPrefix(label + " ") else { continue }
      let words = stage.dropFirst(label.count).split(separator: " ")
      guard words.count >= 2 else { continue }
      events.append(
        Event(
          time: String(line.prefix { $0 != " " }), kind: String(words[1]),
          value: words.dropFirst(2).joined(separator: " ")))
    }
  }
}
