import RandomCore
import XCTest

final class PluginProcessTests: XCTestCase {
  func testWeatherSaysHelloThenAnswersEachSubscription() throws {
    let plugin = try PluginProcess("pipe-plugin-weather")
    plugin.send(subscribeLine(id: 1, "weather", args: #"{"place":"London"}"#))
    let hello = plugin.messages(0...0)[0]
    XCTAssertEqual(hello["name"] as? String, "weather")
    let settings = (hello["settings"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
    XCTAssertEqual(
      settings,
      [
        "weather.mode", "weather.apiKey", "weather.requireKey", "weather.baseURL", "weather.faults",
        "weather.timeout",
      ])
    let next = plugin.lines(3)[1]
    XCTAssertTrue(
      next.hasPrefix(#"{"type":"next","id":1,"value":{"city":"London","temp":"#), "fields in order: \(next)")
    XCTAssertTrue(next.contains(#""observedAt":"2024-06-01T11:"#), next)
    XCTAssertEqual(plugin.messages(2...2)[0]["type"] as? String, "completed")
    plugin.send(subscribeLine(id: 2, "weather", args: #"{"place":"xyzzy"}"#))
    let error = plugin.messages(3...3)[0]
    XCTAssertEqual(error["kind"] as? String, "cityNotFound")
    XCTAssertEqual(error["status"] as? Int, 404)
    XCTAssertTrue((200...400).contains(error["after_ms"] as? Int ?? 0))
    XCTAssertEqual(plugin.close(), 0)
  }

  func testWeatherReadsItsSettingsAndTheGlobalOnes() throws {
    let plugin = try PluginProcess("pipe-plugin-weather")
    plugin.send(subscribeLine(id: 1, "weather", args: #"{"place":"Oslo"}"#, settings: #"{"network":"off"}"#))
    plugin.send(
      subscribeLine(id: 2, "weather", args: #"{"place":"Oslo"}"#, settings: #"{"weather.apiKey":""}"#))
    plugin.send(
      subscribeLine(
        id: 3, "weather", args: #"{"place":"Oslo"}"#, settings: #"{"weather.faults":"ok,503"}"#, attempt: 2))
    plugin.send(
      subscribeLine(
        id: 4, "weather", args: #"{"place":59.9,"lon":10.7}"#, settings: #"{"weather.mode":"moon"}"#))
    let kinds = Dictionary(
      uniqueKeysWithValues: plugin.messages(1...4).map {
        ($0["id"] as? Int ?? 0, $0["kind"] as? String ?? "?")
      })
    XCTAssertEqual(kinds, [1: "offline", 2: "invalidKey", 3: "serverFailure", 4: "invalidSetting"])
    XCTAssertEqual(plugin.close(), 0)
  }

  func testRandomRepeatsPerSeedAndRedrawsPerAttempt() throws {
    let plugin = try PluginProcess("pipe-plugin-random")
    plugin.send(subscribeLine(id: 1, "random", settings: #"{"seed":7}"#))
    plugin.send(subscribeLine(id: 2, "random", settings: #"{"seed":7}"#, attempt: 2))
    plugin.send(
      subscribeLine(id: 3, "random", args: #"{"min":1,"max":6}"#, settings: #"{"seed":7,"random.seed":9}"#))
    plugin.send(subscribeLine(id: 4, "random", args: #"{"min":6,"max":1}"#))
    let values = plugin.messages(1...7).filter { $0["type"] as? String != "completed" }
    let byID = Dictionary(uniqueKeysWithValues: values.map { ($0["id"] as? Int ?? 0, $0) })
    XCTAssertEqual(byID[1]?["value"] as? Int, RandomDraw.draw(in: -100...200, seed: 7, attempt: 1))
    XCTAssertEqual(byID[2]?["value"] as? Int, RandomDraw.draw(in: -100...200, seed: 7, attempt: 2))
    XCTAssertEqual(byID[3]?["value"] as? Int, RandomDraw.draw(in: 1...6, seed: 9, attempt: 1))
    XCTAssertEqual(byID[4]?["kind"] as? String, "invalidArgument")
    XCTAssertEqual(plugin.close(), 0)
  }

  func testAirQualityAnswersNearestByDefault() throws {
    let plugin = try PluginProcess("pipe-plugin-airquality")
    plugin.send(subscribeLine(id: 1, "airquality"))
    let next = plugin.messages(1...1)[0]
    XCTAssertEqual((next["value"] as? [String: Any])?["city"] as? String, "London")
    XCTAssertEqual(plugin.lines(3)[2], #"{"type":"completed","id":1}"#)
    XCTAssertEqual(plugin.close(), 0)
  }
}
