// pipe-plugin-weather: the weather source, spoken over the plugin protocol.
import SourcePlugins

WeatherPlugin().run()
