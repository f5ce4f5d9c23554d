import SourceCore
import SplitMix

/// A simulated OpenWeatherMap: answers a current-weather request from the world table, as the
/// real service would, faults included. The simulator and `pipe fake-api` both ask it.
public struct OpenWeatherSimulator: Sendable {
  public var seed: UInt64
  /// When on, an empty `appid` is answered with 401, as the real service does.
  public var requireKey: Bool

  public init(seed: UInt64, requireKey: Bool = true) {
    self.seed = seed
    self.requireKey = requireKey
  }

  /// A request as the server receives it.
  public struct Request: Sendable {
    public var query: WeatherQuery?
    public var apiKey: String
    public var units: Units

    public init(query: WeatherQuery?, apiKey: String, units: Units = .metric) {
      self.query = query
      self.apiKey = apiKey
      self.units = units
    }
  }

  /// The server's action for attempt `attempt` of `request`, meeting fault `step`.
  public func respond(to request: Request, step: FaultStep, attempt: Int) -> ServerAction {
    if let fault = step.action(errorAnswer: { OpenWeatherWire.errorAnswer($0) }) { return fault }
    if requireKey && request.apiKey.isBlank { return .answer(OpenWeatherWire.errorAnswer(401)) }
    return .answer(answer(request.query, units: request.units, attempt: attempt))
  }

  /// Where an answer is about: the climate it draws from, the name it reports, the table's city
  /// (for coordinates and country), and the salt that names it in seeds.
  private typealias Place = (climate: WorldCity.Climate, name: String, city: WorldCity?, salt: String)

  private func answer(_ query: WeatherQuery?, units: Units, attempt: Int) -> HTTPAnswer {
    switch query {
    case nil:
      return OpenWeatherWire.errorAnswer(400, message: "Nothing to geocode")
    case .city(let name):
      guard let city = WorldCities.find(name) else { return OpenWeatherWire.errorAnswer(404) }
      return success((city.climate, city.name, city, city.name), attempt: attempt, units: units)
    case .coordinates(let lat, let lon):
      guard (-90...90).contains(lat) else {
        return OpenWeatherWire.errorAnswer(400, message: "wrong latitude")
      }
      guard (-180...180).contains(lon) else {
        return OpenWeatherWire.errorAnswer(400, message: "wrong longitude")
      }
      let near = WorldCities.nearest(lat: lat, lon: lon, withinKm: 100)
      let climate = (near ?? WorldCities.nearest(lat: lat, lon: lon, withinKm: .infinity)!).climate
      let place: Place = (climate, near?.name ?? "", near, "\(lat),\(lon)")
      return success(place, attempt: attempt, units: units)
    }
  }

  private func success(_ place: Place, attempt: Int, units: Units) -> HTTPAnswer {
    var rng = SeededRandom(seed: seed, salts: ["weather", place.salt, attempt])
    let record = WeatherSample.observe(place.climate, name: place.name, rng: &rng)
    return OpenWeatherWire.successAnswer(record, city: place.city, units: units)
  }
}
