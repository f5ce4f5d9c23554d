import PluginKit
import SourcePlugins
import XCTest

/// The built-in plugins are installed as three names of `pipe` itself: each name runs its plugin,
/// any other name (pipe's own) none.
final class BuiltInPluginsTests: XCTestCase {
  func testTheProgramRunsAsThePluginItsNameSays() {
    let names = [
      "/opt/pipe/libexec/pipe/pipe-plugin-weather": "weather", "pipe-plugin-airquality": "airquality",
      "/usr/libexec/pipe/pipe-plugin-random": "random",
    ]
    for (path, name) in names {
      XCTAssertEqual(BuiltInPlugins.plugin(startedAs: path)?.hello.name, name, path)
    }
    for path in ["/usr/local/bin/pipe", "/elsewhere/my-weather", "pipe-plugin-weather-2", "", nil] {
      XCTAssertNil(BuiltInPlugins.plugin(startedAs: path), path ?? "nil")
    }
  }
}
