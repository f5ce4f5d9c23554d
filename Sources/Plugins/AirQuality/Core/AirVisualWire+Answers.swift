import Foundation
import SourceCore

extension AirVisualWire {
  /// The service's `success` for a city and a reading (whose pollutant is AirVisual's code).
  static func successAnswer(_ city: WorldCity, reading: AirQualityRecord) -> HTTPAnswer {
    HTTPAnswer(status: 200, body: successBody(city, reading: reading).data)
  }

  /// The time stamp of every reading.
  static let stamp = "2024-06-01T11:00:00.000Z"

  /// The JSON of a `success` envelope of `AirVisualCity`, as `JSONEncoder` writes it (sorted
  /// keys, no escaped slashes), written by hand: the fake API answers every request with one.
  static func successBody(_ city: WorldCity, reading: AirQualityRecord) -> JSONText {
    var json = JSONText()
    json.object { json in
      json.object("data") { data in
        data.member("city", city.airVisual.city)
        data.member("country", city.airVisual.country)
        data.object("current") {
          $0.object("pollution") {
            $0.member("aqicn", reading.aqi * 4 / 5)
            $0.member("aqius", reading.aqi)
            $0.member("maincn", reading.mainPollutant)
            $0.member("mainus", reading.mainPollutant)
            $0.member("ts", stamp)
          }
          $0.object("weather") {
            $0.member("hu", reading.humidity)
            $0.member("ic", "01d")
            $0.member("pr", 1013)
            $0.member("tp", reading.temp)
            $0.member("ts", stamp)
            $0.member("wd", 270)
            $0.member("ws", city.climate.wind)
          }
        }
        data.object("location") {
          $0.array("coordinates") {
            $0.element(city.lon)
            $0.element(city.lat)
          }
          $0.member("type", "Point")
        }
        data.member("state", city.airVisual.state)
      }
      json.member("status", "success")
    }
    return json
  }

  /// The same `success` through `JSONEncoder` and `AirVisualCity`: what `successBody` must equal.
  static func encodedSuccessBody(_ city: WorldCity, reading: AirQualityRecord) -> Data {
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
    return encode(AirVisualEnvelope(status: "success", data: data))
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
