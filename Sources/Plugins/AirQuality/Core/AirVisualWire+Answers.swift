import Foundation
import SourceCore

extension AirVisualWire {
  /// The service's `success` for a city and a reading (whose pollutant is AirVisual's code).
  static func successAnswer(_ city: WorldCity, reading: AirQualityRecord) -> HTTPAnswer {
    let stamp = "2024-06-01T11:00:00.000Z"
    let data = AirVisualCity(
      city: city.airVisual.city, state: city.airVisual.state, country: city.airVisual.country,
      location: .init(type: "Point", coordinates: [city.lon, city.lat]),
      current: .init(
        weather: .init(
          ts: stamp, tp: reading.temp, pr: 1013, hu: reading.humidity, ws: city.climate.wind,
          wd: 270, ic: "01d"),
        pollution: .init(
          ts: stamp, aqius: reading.aqi, mainus: reading.mainPollutant, aqicn: reading.aqi * 4 / 5,
          maincn: reading.mainPollutant)))
    return HTTPAnswer(status: 200, body: encode(AirVisualEnvelope(status: "success", data: data)))
  }

  /// `{"status": "fail", "data": {"message": …}}` with an HTTP status.
  static func failAnswer(_ message: String, _ status: Int) -> HTTPAnswer {
    let envelope = AirVisualEnvelope(status: "fail", data: AirVisualFailure(message: message))
    return HTTPAnswer(status: status, body: encode(envelope))
  }

  /// The service's answer for an error status: its `fail` message, with the status AirVisual
  /// uses (a not-found `city` is a 400), or, for a 5xx, a proxy's HTML page.
  static func errorAnswer(status: Int, for endpoint: AirVisualSimulator.Endpoint) -> HTTPAnswer {
    switch status {
    case 401: return failAnswer("incorrect_api_key", 401)
    case 403: return failAnswer("permission_denied", 403)
    case 404:
      if case .city = endpoint { return failAnswer("city_not_found", 400) }
      return failAnswer("no_nearest_station", 404)
    case 429: return failAnswer("call_limit_reached", 429)
    case 500...599:
      let page = "<html><head><title>\(status)</title></head><body><h1>\(status)</h1></body></html>"
      return HTTPAnswer(status: status, body: Data(page.utf8))
    default: return failAnswer("bad_request", status)
    }
  }

  private static func encode(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)) ?? Data()
  }
}
