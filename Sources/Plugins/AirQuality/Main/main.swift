// pipe-plugin-airquality: the airquality source, spoken over the plugin protocol.
import SourcePlugins

BuiltInPlugins.run(otherwise: AirQualityPlugin())
