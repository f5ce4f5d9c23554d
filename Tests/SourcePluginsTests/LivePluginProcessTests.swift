import FakeAPI
import SourceCore
import WeatherCore
import XCTest

/// The plugin executables in live mode, against the in-process fake API: settings to HTTP and back.
final class LivePluginProcessTests: FakeAPITestCase {
  private var liveSettings: String {
    #"{"weather.mode":"live","weather.baseURL":"\#(baseURL)","weather.apiKey":"\#(Self.key)","#
      + #""airquality.mode":"live","airquality.baseURL":"\#(baseURL)","airquality.apiKey":"\#(Self.key)"}"#
  }

  func testWeatherInLiveModeAsksTheFakeAPIAndGetsTheSimulatorsRecord() throws {
    let plugin = try PluginProcess("pipe-plugin-weather")
    plugin.send(subscribeLine(id: 1, "weather", args: #"{"place":"Amsterdam"}"#, settings: liveSettings))
    let value = plugin.messages(1...1)[0]["value"] as? [String: Any]
    let simulated = WeatherService().simulate(.city("Amsterdam"), attempt: 1).value!
    XCTAssertEqual(value?["city"] as? String, "Amsterdam")
    XCTAssertEqual(value?["temp"] as? Double, simulated.temp)
    XCTAssertEqual(value?["observedAt"] as? String, simulated.observedAtText)
    XCTAssertEqual(plugin.close(), 0)
    XCTAssertEqual(log.all.count, 1)
    XCTAssertTrue(
      log.all[0].contains("appid=••••&units=metric") || log.all[0].contains("units=metric&appid=••••"))
  }

  /// `set weather.timeout 1e11` once killed the plugin with SIGILL (seconds to nanoseconds
  /// overflowed): whatever a host sends, the plugin answers with an error and lives on.
  func testAnEnormousTimeoutIsRefusedNotACrash() throws {
    let plugin = try PluginProcess("pipe-plugin-weather")
    let settings = liveSettings.dropLast() + #","weather.timeout":1e11}"#
    plugin.send(subscribeLine(id: 1, "weather", args: #"{"place":"Oslo"}"#, settings: String(settings)))
    let error = plugin.messages(1...1)[0]
    XCTAssertEqual(error["kind"] as? String, "invalidSetting")
    XCTAssertEqual(
      error["message"] as? String, "setting 'weather.timeout' must be from 0.001 to 3600, got 100000000000.0")
    plugin.send(subscribeLine(id: 2, "weather", args: #"{"place":"Oslo"}"#, settings: liveSettings))
    XCTAssertEqual((plugin.messages(2...2)[0]["value"] as? [String: Any])?["city"] as? String, "Oslo")
    XCTAssertEqual(plugin.close(), 0)
  }

  func testAirQualityInLiveModeReportsTheFakeAPIsFaults() async throws {
    await server.setFaults([.airquality: .sequence([.status(429), .ok])])
    let plugin = try PluginProcess("pipe-plugin-airquality")
    plugin.send(subscribeLine(id: 1, "airquality", args: #"{"place":"Beijing"}"#, settings: liveSettings))
    let error = plugin.messages(1...1)[0]
    XCTAssertEqual(error["kind"] as? String, "rateLimited")
    XCTAssertEqual(error["message"] as? String, "call_limit_reached")
    XCTAssertNil(error["after_ms"], "live answers carry no simulated latency")
    plugin.send(
      subscribeLine(id: 2, "airquality", args: #"{"place":"Beijing"}"#, settings: liveSettings, attempt: 2))
    XCTAssertEqual((plugin.messages(2...2)[0]["value"] as? [String: Any])?["city"] as? String, "Beijing")
    XCTAssertEqual(plugin.close(), 0)
  }
}
