import PluginKit
import SourceCore
import SourceLive
import WeatherCore

/// The `weather` plugin: current weather from OpenWeatherMap or its simulator.
public struct WeatherPlugin: Plugin {
  public let name = "weather"
  public let version = "1.0.0"
  public let sources = [
    SourceSpec(
      "weather",
      doc: "The current weather of a city, or of a point, as one record "
        + "{city, temp, feelsLike, humidity, description, windSpeed, observedAt}, then completes. "
        + "The simulator (the default) knows these cities, by these names or in their own "
        + "language: " + WorldCities.all.map(\.name).joined(separator: ", ") + ".",
      params: PlaceArgument.params, example: #"weather "London" | show"#)
  ]
  public let settings = ServiceSettings.specs(
    plugin: "weather", service: "OpenWeatherMap", baseURL: WeatherService.defaultBaseURL)
  public let errors = [
    "invalidKey", "cityNotFound", "rateLimited", "serverFailure", "offline", "timeout", "badResponse",
    "badRequest", "invalidArgument", "invalidSetting",
  ]

  public init() {}

  public func subscribe(_ request: Request, _ emit: Emitter) async throws {
    do throws(SourceError) {
      let settings = try ServiceSettings(request, plugin: name, baseURL: WeatherService.defaultBaseURL)
      let query: WeatherQuery =
        switch try PlaceArgument(request) {
        case .name(let city): .city(city)
        case .point(let lat, let lon): .coordinates(lat: lat, lon: lon)
        }
      emit.send(await WeatherService(settings: settings).fetch(query, attempt: request.attempt), as: \.json)
    } catch {
      throw error.pluginError()
    }
  }
}
