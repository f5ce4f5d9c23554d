import AirQualityCore
import SourceCore

/// The `airquality` source's live client, and the choice between it and the simulator.
extension AirQualityService {
  /// One attempt (1-based: the subscription number) at the air quality for `query`.
  public func fetch(_ query: AirQualityQuery, attempt: Int) async -> SourceReply<AirQualityRecord> {
    switch settings.mode {
    case .sim: simulate(query, attempt: attempt)
    case .live: await live(query)
    }
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
