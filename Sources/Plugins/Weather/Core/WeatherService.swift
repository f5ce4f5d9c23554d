import SourceCore

/// The `weather` source: asks OpenWeatherMap (`live`) or its simulator (`sim`, the default).
///
///     let service = WeatherService(settings: .init(baseURL: WeatherService.defaultBaseURL))
///     await service.fetch(.city("London"), attempt: 1)
///     // SourceReply(.success(WeatherRecord(city: "London", …)), afterMs: 287)
public struct WeatherService: Sendable {
  public static let defaultBaseURL = "https://api.openweathermap.org"
  public var settings: ServiceSettings

  public init(settings: ServiceSettings) {
    self.settings = settings
  }

  /// One attempt (1-based: the subscription number) at the current weather for `query`.
  public func fetch(_ query: WeatherQuery, attempt: Int) async -> SourceReply<WeatherRecord> {
    switch settings.mode {
    case .sim: simulate(query, attempt: attempt)
    case .live: await live(query)
    }
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

  /// The live client: `GET {baseURL}/data/2.5/weather?q=…&units=metric&appid=…`.
  public func live(_ query: WeatherQuery) async -> SourceReply<WeatherRecord> {
    await settings.liveCall(
      path: "/data/2.5/weather", query: query.queryItems + [("units", "metric")], keyName: "appid",
      notFound: .cityNotFound, decode: OpenWeatherWire.decode)
  }
}
