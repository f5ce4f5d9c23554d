// pipe-plugin-random: the random source, spoken over the plugin protocol.
import SourcePlugins

BuiltInPlugins.run(otherwise: RandomPlugin())
