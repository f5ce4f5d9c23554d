import Foundation
import PluginHost
import PluginProtocol
import Synchronization
import XCTest

/// The built-in plugins under the real host, found where the build puts them.
final class PluginHostTests: XCTestCase {
  private let loop = DispatchQueue(label: "test.loop")

  private func host() -> PluginHost {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    return PluginHost(options: .init(directories: [products]), deliver: { [loop] in loop.async(execute: $0) })
  }

  /// The events of one subscription, waiting for its terminal event.
  private func events(
    _ host: PluginHost, _ plugin: String, args: JSONObject, settings: JSONObject = [:], attempt: Int = 1
  ) -> [PluginEvent] {
    let done = expectation(description: "\(plugin) ends")
    let collected = Mutex([PluginEvent]())
    loop.async {
      _ = host.subscribe(plugin: plugin, source: plugin, args: args, settings: settings, attempt: attempt) {
        event in
        collected.withLock { $0.append(event) }
        if event.isTerminal { done.fulfill() }
      }
    }
    wait(for: [done], timeout: 10)
    return collected.withLock { $0 }
  }

  func testTheHostFindsTheBuiltInPluginsAndTheirSources() {
    let names = host().catalog().map(\.name)
    for name in ["airquality", "random", "weather"] { XCTAssertTrue(names.contains(name), "\(names)") }
  }

  func testWeatherThroughTheHostIsARecordAfterItsLatencyThenCompleted() {
    let got = events(
      host(), "weather", args: ["place": "Barcelona"], settings: ["weather.faults": "503,ok"], attempt: 2)
    guard case .next(let value, let afterMs) = got.first, got.count == 2 else { return XCTFail("\(got)") }
    XCTAssertEqual(value["city"], "Barcelona")
    XCTAssertEqual(
      value.objectValue?.keys,
      ["city", "temp", "feelsLike", "humidity", "description", "windSpeed", "observedAt"])
    XCTAssertTrue((200...400).contains(afterMs))
    XCTAssertEqual(got.last, .completed(afterMs: 0))
  }

  func testAirQualityErrorsReachTheHostWithTheirStatus() {
    let got = events(host(), "airquality", args: ["place": "Beijing"], settings: ["airquality.faults": "429"])
    guard case .error(let kind, let message, let status, _, _) = got.first else { return XCTFail("\(got)") }
    XCTAssertEqual([kind, message], ["rateLimited", "call_limit_reached"])
    XCTAssertEqual(status, 429)
  }
}
