// pipe-plugin-weather: the weather source, spoken over the plugin protocol.
import SourcePlugins

BuiltInPlugins.run(otherwise: WeatherPlugin())
