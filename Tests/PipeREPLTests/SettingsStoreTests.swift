import PipeDSL
import PipeProcessSupport
import XCTest

@testable import PipeREPL

final class SettingsStoreTests: XCTestCase {
  func testSettingsRoundTripInAFileOnlyItsOwnerCanRead() throws {
    let home = try TemporaryFolder.home(for: self)
    let store = SettingsStore(path: home + "/config/pipe/settings.json")
    XCTAssertNil(store.update(["weather.apiKey": "0123", "network": "off", "seed": 7, "horizon": 60.5]))
    XCTAssertEqual(
      store.load().values, ["weather.apiKey": "0123", "network": "off", "seed": 7, "horizon": 60.5])
    XCTAssertNil(store.update(["seed": Value?.none, "network": "on"]))
    XCTAssertEqual(store.load().values, ["weather.apiKey": "0123", "network": "on", "horizon": 60.5])
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: home + "/config/pipe")
    XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
  }

  func testAMissingFileGivesNothingAndABrokenOneIsKeptAside() throws {
    let home = try TemporaryFolder.home(for: self)
    let store = SettingsStore(path: home + "/settings.json")
    XCTAssertEqual(store.load().values, [:])
    XCTAssertNil(store.load().note)
    try "{not json".write(toFile: store.path, atomically: true, encoding: .utf8)
    let loaded = store.load()
    XCTAssertEqual(loaded.values, [:])
    XCTAssertEqual(
      loaded.note,
      "the settings file \(store.path) is not a JSON object of settings; it is kept as \(store.path).broken; "
        + "starting with the defaults")
    XCTAssertEqual(try String(contentsOfFile: store.path + ".broken", encoding: .utf8), "{not json")
  }

  func testTheFileFollowsXDGConfigHome() {
    XCTAssertEqual(
      SettingsStore.defaultPath(["XDG_CONFIG_HOME": "/c", "HOME": "/h"]), "/c/pipe/settings.json")
    XCTAssertEqual(SettingsStore.defaultPath(["HOME": "/h"]), "/h/.config/pipe/settings.json")
  }
}
