import SourceCore

/// The `weather` source: asks OpenWeatherMap (`live`) or its simulator (`sim`, the default).
/// The live client (`fetch`, `live`) is in SourceLive, which links Foundation's networking;
/// here is what the simulator and `pipe fake-api` need.
///
///     let service = WeatherService(settings: .init(baseURL: WeatherService.defaultBaseURL))
///     service.simulate(.city("London"), attempt: 1)
///     // SourceReply(.success(WeatherRecord(city: "London", …)), afterMs: 287)
public struct WeatherService: Sendable {
  public static let defaultBaseURL = "https://api.openweathermap.org"
  public var settings: ServiceSettings

  public init(settings: ServiceSettings) {
    self.settings = settings
  }

  /// The simulator's reply: what the live client would make of the simulated service's answer.
  public func simulate(_ query: WeatherQuery, attempt: Int) -> SourceReply<WeatherRecord> {
    let server = OpenWeatherSimulator(seed: settings.seed, requireKey: settings.requireKey)
    let request = OpenWeatherSimulator.Request(query: query, apiKey: settings.apiKey)
    var reply = settings.simulatedCall(
      salt: query.salt, attempt: attempt,
      respond: { server.respond(to: request, step: $0, attempt: attempt) },
      decode: OpenWeatherWire.decode)
    // The simulator knows its cities, so it can say which names were meant (the fake API,
    // like the live one, answers only "city not found").
    if case .city(let name) = query, var error = reply.error, error.kind == .cityNotFound,
      WorldCities.find(name) == nil
    {
      error.message = WorldCities.notFoundMessage(for: name)
      reply.result = .failure(error)
    }
    return reply
  }
}
