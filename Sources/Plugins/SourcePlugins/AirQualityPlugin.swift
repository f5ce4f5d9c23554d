import AirQualityCore
import PluginKit
import SourceCore
import SourceLive

/// The `airquality` plugin: air quality from AirVisual v2 or its simulator.
public struct AirQualityPlugin: Plugin {
  public let name = "airquality"
  public let version = "1.0.0"
  public let sources = [
    SourceSpec(
      "airquality",
      doc: "The air quality of a city (\"City\" or \"City, State, Country\"), of the nearest city "
        + "(nearest), or near a point, as one record {city, aqi, mainPollutant, temp, humidity}, "
        + "then completes.",
      params: [
        ParamSpec(
          "place", .any, default: "nearest",
          doc: "a city (\"City\" or \"City, State, Country\"), nearest, or the latitude of a point"),
        PlaceArgument.params[1],
      ],
      example: #"airquality "Beijing" | show"#)
  ]
  public let settings = ServiceSettings.specs(
    plugin: "airquality", service: "AirVisual", baseURL: AirQualityService.defaultBaseURL)
  public let errors = [
    "invalidKey", "cityNotFound", "noStation", "rateLimited", "serverFailure", "offline", "timeout",
    "badResponse", "badRequest", "invalidArgument", "invalidSetting",
  ]

  public init() {}

  public func subscribe(_ request: Request, _ emit: Emitter) async throws {
    do throws(SourceError) {
      let settings = try ServiceSettings(request, plugin: name, baseURL: AirQualityService.defaultBaseURL)
      let query: AirQualityQuery =
        switch try PlaceArgument(request) {
        case .name(let city) where city.lowercased() == "nearest": .nearest
        case .name(let city): .city(city)
        case .point(let lat, let lon): .coordinates(lat: lat, lon: lon)
        }
      let reply = await AirQualityService(settings: settings).fetch(query, attempt: request.attempt)
      emit.send(reply, as: \.json)
    } catch {
      throw error.pluginError()
    }
  }
}
