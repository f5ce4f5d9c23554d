import Foundation
import SourceCore

/// The `airquality` source: asks AirVisual v2 (`live`) or its simulator (`sim`, the default).
///
/// The live client (`fetch`, `live`) is in SourceLive, which links Foundation's networking;
/// here is what the simulator and `pipe fake-api` need.
///
///     let service = AirQualityService(settings: .init(baseURL: AirQualityService.defaultBaseURL))
///     service.simulate(.city("Beijing"), attempt: 1)
///     // SourceReply(.success(AirQualityRecord(city: "Beijing", aqi: 152, …)), afterMs: 231)
public struct AirQualityService: Sendable {
  public static let defaultBaseURL = "https://api.airvisual.com"
  public var settings: ServiceSettings

  public init(settings: ServiceSettings) {
    self.settings = settings
  }

  /// AirVisual needs (city, state, country): a city the table knows, or one spelled out.
  public static func endpoint(for query: AirQualityQuery) throws(SourceError) -> AirVisualSimulator.Endpoint {
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
}
