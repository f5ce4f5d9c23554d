import XCTest

@testable import PipeREPL

/// What the environment variables of plugins and the cache mean.
final class EnvironmentTests: XCTestCase {
  func testThePluginDeadlineIsSecondsOrADuration() {
    XCTAssertEqual(PluginDeadline.parse("2"), .seconds(2))
    XCTAssertEqual(PluginDeadline.parse("0.5"), .milliseconds(500))
    XCTAssertEqual(PluginDeadline.parse("2s"), .seconds(2))
    XCTAssertEqual(PluginDeadline.parse(" 250ms "), .milliseconds(250))
    for bad in ["0", "-1", "soon", "1h", "nan", "1e9"] {
      XCTAssertNil(PluginDeadline.parse(bad), bad)
    }
  }

  func testABadDeadlineIsNotedAndTheStandardOneUsed() {
    var notes: [String] = []
    XCTAssertEqual(PluginDeadline.fromEnvironment([:]) { notes.append($0) }, .seconds(10))
    XCTAssertEqual(
      PluginDeadline.fromEnvironment(["PIPE_PLUGIN_DEADLINE": "3"]) { notes.append($0) }, .seconds(3))
    XCTAssertEqual(notes, [])
    XCTAssertEqual(
      PluginDeadline.fromEnvironment(["PIPE_PLUGIN_DEADLINE": "soon"]) { notes.append($0) }, .seconds(10))
    XCTAssertEqual(
      notes, ["note: PIPE_PLUGIN_DEADLINE='soon' is not a duration such as 2, 0.5, 500ms or 2s; using 10 s"])
  }

  func testTheCacheFileFollowsTheXDGBaseDirectories() {
    XCTAssertEqual(
      CacheFile.standard(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path,
      "/var/cache/me/pipe/cache.json")
    XCTAssertEqual(
      CacheFile.standard(environment: ["HOME": "/home/me"]).path, "/home/me/.cache/pipe/cache.json")
    XCTAssertEqual(
      CacheFile.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]).path,
      "/home/me/.cache/pipe/cache.json", "a relative XDG_CACHE_HOME is ignored")
  }
}
