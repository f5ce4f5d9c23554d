import SourceCore
import WeatherCore

/// The `weather` source's live client, and the choice between it and the simulator.
///
///     await WeatherService(settings: .init(baseURL: WeatherService.defaultBaseURL)).fetch(.city("London"), attempt: 1)
///     // SourceReply(.success(WeatherRecord(city: "London", …)), afterMs: 287)
extension WeatherService {
  /// One attempt (1-based: the subscription number) at the current weather for `query`.
  public func fetch(_ query: WeatherQuery, attempt: Int) async -> SourceReply<WeatherRecord> {
    switch settings.mode {
    case .sim: simulate(query, attempt: attempt)
    case .live: await live(query)
    }
  }

  /// The live client: `GET {baseURL}/data/2.5/weather?q=…&units=metric&appid=…`.
  public func live(_ query: WeatherQuery) async -> SourceReply<WeatherRecord> {
    await settings.liveCall(
      path: "/data/2.5/weather", query: query.queryItems + [("units", "metric")], keyName: "appid",
      notFound: .cityNotFound, decode: OpenWeatherWire.decode)
  }
}
