// pipe-plugin-airquality: the airquality source, spoken over the plugin protocol.
import SourcePlugins

AirQualityPlugin().run()
