import PluginKit

/// The three built-in plugins as one program: `make install` puts one copy in libexec and the
/// other two names as hard links to it, and the program runs as the plugin its name says, so
/// that an install carries the Swift runtime and Foundation once for all three.
public enum BuiltInPlugins {
  /// The plugin named by the last part of `path` (how the program was started), or
  /// `otherwise` for any other name.
  public static func plugin(startedAs path: String?, otherwise: any Plugin) -> any Plugin {
    switch path?.split(separator: "/").last {
    case "pipe-plugin-weather": WeatherPlugin()
    case "pipe-plugin-airquality": AirQualityPlugin()
    case "pipe-plugin-random": RandomPlugin()
    default: otherwise
    }
  }

  /// Runs the plugin this program was started as (`CommandLine.arguments[0]`).
  public static func run(otherwise: any Plugin) -> Never {
    plugin(startedAs: CommandLine.arguments.first, otherwise: otherwise).run()
  }
}
