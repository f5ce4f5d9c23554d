import PipeDSL
import XCTest

@testable import PipeREPL

final class SettingsStoreTests: XCTestCase {
  func testSettingsRoundTripInAFileOnlyItsOwnerCanRead() throws {
    let home = try PipeBinary.temporaryHome(for: self)
    let store = SettingsStore(path: home + "/config/pipe/settings.json")
    store.save(["weather.apiKey": "0123", "network": "off", "seed": 7, "horizon": 60.5])
    XCTAssertEqual(store.load(), ["weather.apiKey": "0123", "network": "off", "seed": 7, "horizon": 60.5])
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
  }

  func testAMissingOrBrokenFileGivesNothing() throws {
    let home = try PipeBinary.temporaryHome(for: self)
    let store = SettingsStore(path: home + "/settings.json")
    XCTAssertEqual(store.load(), [:])
    try "{not json".write(toFile: store.path, atomically: true, encoding: .utf8)
    XCTAssertEqual(store.load(), [:])
  }

  func testTheFileFollowsXDGConfigHome() {
    XCTAssertEqual(
      SettingsStore.defaultPath(["XDG_CONFIG_HOME": "/c", "HOME": "/h"]), "/c/pipe/settings.json")
    XCTAssertEqual(SettingsStore.defaultPath(["HOME": "/h"]), "/h/.config/pipe/settings.json")
  }
}
