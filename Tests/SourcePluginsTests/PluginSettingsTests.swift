import PluginKit
import SourceCore
import XCTest

@testable import SourcePlugins

final class PluginSettingsTests: XCTestCase {
  private func settings(_ values: JSONObject) throws -> ServiceSettings {
    let request = Request(id: 1, source: "weather", args: ["place": "Oslo"], settings: values)
    return try ServiceSettings(request, plugin: "weather", baseURL: "https://example.org")
  }

  private func rejected(_ values: JSONObject) -> String? {
    do {
      _ = try settings(values)
      return nil
    } catch {
      XCTAssertEqual((error as? SourceError)?.kind, .invalidSetting)
      return (error as? SourceError)?.message
    }
  }

  func testUnsetSettingsTakeTheDocumentedDefaults() throws {
    XCTAssertEqual(try settings([:]), ServiceSettings(baseURL: "https://example.org"))
  }

  func testEverySettingIsRead() throws {
    let read = try settings([
      "weather.mode": "LIVE", "weather.apiKey": "k", "weather.requireKey": false,
      "weather.baseURL": "http://127.0.0.1:8080", "weather.faults": "500,ok", "weather.timeout": 2.5,
      "network": "off", "seed": -1,
    ])
    XCTAssertEqual(read.mode, .live)
    XCTAssertEqual(read.apiKey, "k")
    XCTAssertFalse(read.requireKey)
    XCTAssertEqual(read.baseURL, "http://127.0.0.1:8080")
    XCTAssertEqual(read.faults, .sequence([.status(500), .ok]))
    XCTAssertEqual(read.timeoutSeconds, 2.5)
    XCTAssertFalse(read.network)
    XCTAssertEqual(read.seed, UInt64.max)
  }

  func testFlagsAndSeedsAcceptTheFormsTheHostMaySend() throws {
    XCTAssertFalse(try settings(["network": false]).network)
    XCTAssertTrue(try settings(["network": "on"]).network)
    XCTAssertEqual(try settings(["seed": "7"]).seed, 7)
  }

  func testNonsenseIsAnInvalidSettingThatSaysWhich() {
    XCTAssertEqual(rejected(["weather.mode": "moon"]), "weather.mode must be sim or live, not 'moon'")
    XCTAssertEqual(rejected(["network": "maybe"]), #"network must be on or off, not "maybe""#)
    XCTAssertEqual(rejected(["seed": 1.5]), "seed must be an integer, not 1.5")
    XCTAssertEqual(
      rejected(["weather.timeout": 0]), "weather.timeout must be from 0.001 to 3600 seconds, not 0.0")
    XCTAssertEqual(
      rejected(["weather.timeout": 1e11]),
      "weather.timeout must be from 0.001 to 3600 seconds, not 100000000000.0")
    XCTAssertNotNil(rejected(["weather.faults": "sometimes"]))
  }

  func testThePlaceIsANameOrALatitudeAndALongitude() throws {
    let place = { (args: JSONObject) throws -> PlaceArgument in
      try PlaceArgument(Request(id: 1, source: "weather", args: args))
    }
    XCTAssertEqual(try place(["place": "Oslo", "lon": .null]), .name("Oslo"))
    XCTAssertEqual(try place(["place": 59, "lon": 10.75]), .point(lat: 59, lon: 10.75))
    for bad: JSONObject in [
      ["place": 59, "lon": .null], ["place": "Oslo", "lon": 3], ["place": true, "lon": .null],
    ] {
      XCTAssertThrowsError(try place(bad)) { XCTAssertEqual(($0 as? SourceError)?.kind, .invalidArgument) }
    }
  }

  func testEachPluginDeclaresTheErrorsItsCoreRaises() {
    let declared = Set(WeatherPlugin().errors + AirQualityPlugin().errors)
    let raised = Set(SourceError.Kind.allCases.map(\.rawValue))
    XCTAssertEqual(declared, raised)
    XCTAssertFalse(WeatherPlugin().errors.contains("noStation"))
    XCTAssertEqual(RandomPlugin().errors, ["invalidArgument", "invalidSetting"])
    XCTAssertTrue(WeatherPlugin().settings.first { $0.key == "weather.apiKey" }!.secret)
  }
}
