import SourceCore
import SplitMix

/// A simulated AirVisual v2: answers `/v2/city` and `/v2/nearest_city` from the world table, as
/// the real service would, faults included. The simulator and `pipe fake-api` both ask it.
public struct AirVisualSimulator: Sendable {
  public var seed: UInt64
  /// When on, an empty `key` is answered with `incorrect_api_key`.
  public var requireKey: Bool

  /// Where the simulated caller's IP address lies, for `nearest_city` without coordinates.
  public static let home = "London"

  public init(seed: UInt64, requireKey: Bool = true) {
    self.seed = seed
    self.requireKey = requireKey
  }

  /// What a request asks for.
  public enum Endpoint: Equatable, Sendable {
    /// `/v2/city?city=…&state=…&country=…`; nil when a part is missing.
    case city(AirVisualPlace?)
    /// `/v2/nearest_city`: by the caller's IP address.
    case nearestByIP
    /// `/v2/nearest_city?lat=…&lon=…`.
    case nearest(lat: Double, lon: Double)
  }

  /// The server's action for attempt `attempt` of a request, meeting fault `step`.
  public func respond(to endpoint: Endpoint, apiKey: String, step: FaultStep, attempt: Int)
    -> ServerAction
  {
    let fault = step.action { AirVisualWire.errorAnswer(status: $0, for: endpoint) }
    if let fault { return fault }
    if requireKey && apiKey.isBlank { return .answer(AirVisualWire.failAnswer("incorrect_api_key", 401)) }
    guard let city = city(for: endpoint) else {
      return .answer(AirVisualWire.errorAnswer(status: 404, for: endpoint))
    }
    var rng = SeededRandom(seed: seed, salts: ["airquality", city.name, attempt])
    return .answer(AirVisualWire.successAnswer(city, reading: AirSample.read(city, rng: &rng)))
  }

  private func city(for endpoint: Endpoint) -> WorldCity? {
    switch endpoint {
    case .city(let place): place.flatMap(WorldCities.find)
    case .nearestByIP: WorldCities.find(Self.home)
    case .nearest(let lat, let lon): WorldCities.nearest(lat: lat, lon: lon, withinKm: 100)
    }
  }
}

/// The simulator's air: a city's typical AQI and weather with seeded variation.
enum AirSample {
  static func read(_ city: WorldCity, rng: inout SeededRandom) -> AirQualityRecord {
    let spread = max(1, city.aqi / 5)
    return AirQualityRecord(
      city: city.airVisual.city, aqi: max(1, city.aqi + rng.int(in: -spread...spread)),
      mainPollutant: city.pollutant, temp: Int((city.climate.temp + rng.double(in: -4...4)).rounded()),
      humidity: min(100, max(5, city.climate.humidity + rng.int(in: -8...8))))
  }
}
