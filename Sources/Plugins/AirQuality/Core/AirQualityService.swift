import Foundation
import SourceCore

/// The `airquality` source: asks AirVisual v2 (`live`) or its simulator (`sim`, the default).
///
///     let service = AirQualityService(settings: .init(baseURL: AirQualityService.defaultBaseURL))
///     await service.fetch(.city("Beijing"), attempt: 1)
///     // SourceReply(.success(AirQualityRecord(city: "Beijing", aqi: 152, …)), afterMs: 231)
public struct AirQualityService: Sendable {
  public static let defaultBaseURL = "https://api.airvisual.com"
  public var settings: ServiceSettings

  public init(settings: ServiceSettings) {
    self.settings = settings
  }

  /// One attempt (1-based: the subscription number) at the air quality for `query`.
  public func fetch(_ query: AirQualityQuery, attempt: Int) async -> SourceReply<AirQualityRecord> {
    switch settings.mode {
    case .sim: simulate(query, attempt: attempt)
    case .live: await live(query)
    }
  }

  /// AirVisual needs (city, state, country): a city the table knows, or one spelled out.
  static func endpoint(for query: AirQualityQuery) throws(SourceError) -> AirVisualSimulator.Endpoint {
    switch query {
    case .nearest: return .nearestByIP
    case .coordinates(let lat, let lon): return .nearest(lat: lat, lon: lon)
    case .city(let text):
      if let city = WorldCities.find(text) { return .city(city.airVisual) }
      let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 3, !parts.contains(where: \.isEmpty) else {
        throw SourceError(
          .cityNotFound, "unknown city '\(text)': give it as \"City, State, Country\"")
      }
      return .city(AirVisualPlace(city: parts[0], state: parts[1], country: parts[2]))
    }
  }

  /// The simulator's reply: what the live client would make of the simulated service's answer.
  public func simulate(_ query: AirQualityQuery, attempt: Int) -> SourceReply<AirQualityRecord> {
    let endpoint: AirVisualSimulator.Endpoint
    do { endpoint = try Self.endpoint(for: query) } catch { return .failure(error) }
    let server = AirVisualSimulator(seed: settings.seed, requireKey: settings.requireKey)
    return settings.simulatedCall(
      salt: query.salt, attempt: attempt,
      respond: { server.respond(to: endpoint, apiKey: settings.apiKey, step: $0, attempt: attempt) },
      decode: AirVisualWire.decode)
  }

  /// The live client: `GET {baseURL}/v2/city?city=…&state=…&country=…&key=…` or
  /// `/v2/nearest_city?[lat=…&lon=…&]key=…`.
  public func live(_ query: AirQualityQuery) async -> SourceReply<AirQualityRecord> {
    let endpoint: AirVisualSimulator.Endpoint
    do { endpoint = try Self.endpoint(for: query) } catch { return .failure(error) }
    let (path, items) = endpoint.request
    return await settings.liveCall(
      path: path, query: items, keyName: "key", notFound: .cityNotFound, decode: AirVisualWire.decode)
  }
}

extension AirVisualSimulator.Endpoint {
  /// The path and query (without the key) that ask for this endpoint.
  var request: (path: String, query: [(String, String)]) {
    switch self {
    case .city(let place):
      let place = place ?? AirVisualPlace(city: "", state: "", country: "")
      return ("/v2/city", [("city", place.city), ("state", place.state), ("country", place.country)])
    case .nearestByIP: return ("/v2/nearest_city", [])
    case .nearest(let lat, let lon):
      return ("/v2/nearest_city", [("lat", String(lat)), ("lon", String(lon))])
    }
  }
}
