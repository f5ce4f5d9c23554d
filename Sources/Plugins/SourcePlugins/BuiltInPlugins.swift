import PluginKit

/// The three built-in plugins in any program: `make install` puts the three names in libexec as
/// hard links to `pipe` itself, which runs as the plugin its name says (PipeCommand.main), so
/// that an install carries the Swift runtime and Foundation once for pipe and its plugins. The
/// plugins' own small programs (for a build tree) do the same.
public enum BuiltInPlugins {
  /// The plugin named by the last part of `path` (how the program was started), or nil for
  /// any other name.
  public static func plugin(startedAs path: String?) -> (any Plugin)? {
    switch path?.split(separator: "/").last {
    case "pipe-plugin-weather": WeatherPlugin()
    case "pipe-plugin-airquality": AirQualityPlugin()
    case "pipe-plugin-random": RandomPlugin()
    default: nil
    }
  }

  /// Runs the plugin this program was started as (`CommandLine.arguments[0]`), or `otherwise`.
  public static func run(otherwise: any Plugin) -> Never {
    (plugin(startedAs: CommandLine.arguments.first) ?? otherwise).run()
  }
}
