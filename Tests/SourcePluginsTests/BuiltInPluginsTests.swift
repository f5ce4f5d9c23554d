import PluginKit
import SourcePlugins
import XCTest

/// The built-in plugins are one program installed under three names: each name runs its plugin.
final class BuiltInPluginsTests: XCTestCase {
  func testTheProgramRunsAsThePluginItsNameSays() {
    let names = [
      "/opt/pipe/libexec/pipe/pipe-plugin-weather": "weather", "pipe-plugin-airquality": "airquality",
      "/usr/libexec/pipe/pipe-plugin-random": "random", "/elsewhere/my-weather": "weather", "": "weather",
    ]
    for (path, name) in names {
      XCTAssertEqual(
        BuiltInPlugins.plugin(startedAs: path, otherwise: WeatherPlugin()).hello.name, name, path)
    }
    XCTAssertEqual(BuiltInPlugins.plugin(startedAs: nil, otherwise: RandomPlugin()).hello.name, "random")
  }
}
