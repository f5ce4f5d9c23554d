import Foundation
import SourceCore
import SplitMix

/// The units OpenWeatherMap reports in: `standard` (K, m/s) unless asked for `metric`
/// (°C, m/s) or `imperial` (°F, mph).
public enum Units: String, Sendable, CaseIterable {
  case standard, metric, imperial

  func temperature(_ celsius: Double) -> Double {
    switch self {
    case .standard: (celsius + 273.15).rounded(places: 2)
    case .metric: celsius
    case .imperial: (celsius * 9 / 5 + 32).rounded(places: 2)
    }
  }

  func speed(_ metresPerSecond: Double) -> Double {
    self == .imperial ? (metresPerSecond * 2.23694).rounded(places: 2) : metresPerSecond
  }
}

extension OpenWeatherWire {
  /// The service's 200 for a record (given in metric), in `units`.
  public static func successAnswer(_ record: WeatherRecord, city: WorldCity?, units: Units)
    -> HTTPAnswer
  {
    HTTPAnswer(status: 200, body: successBody(record, city: city, units: units).data)
  }

  /// The JSON of `OpenWeatherCurrent` for a 200, as `JSONEncoder` writes it (sorted keys, no
  /// escaped slashes), written by hand: the fake API answers every request with one.
  static func successBody(_ record: WeatherRecord, city: WorldCity?, units: Units) -> JSONText {
    var json = JSONText()
    json.object { json in
      json.member("cod", 200)
      if let city {
        json.object("coord") {
          $0.member("lat", city.lat)
          $0.member("lon", city.lon)
        }
      }
      json.member("dt", Int(record.observedAt.timeIntervalSince1970))
      json.object("main") {
        $0.member("feels_like", units.temperature(record.feelsLike))
        $0.member("humidity", record.humidity)
        $0.member("temp", units.temperature(record.temp))
      }
      json.member("name", record.city)
      json.object("sys") { sys in
        if let country = city?.countryCode { sys.member("country", country) }
      }
      json.array("weather") {
        $0.object {
          $0.member("description", record.description)
          $0.member("icon", "01d")
          $0.member("id", 800)
          $0.member("main", group(record.description))
        }
      }
      json.object("wind") { $0.member("speed", units.speed(record.windSpeed)) }
    }
    return json
  }

  /// The same 200 through `JSONEncoder` and `OpenWeatherCurrent`: what `successBody` must equal.
  static func encodedSuccessBody(_ record: WeatherRecord, city: WorldCity?, units: Units) -> Data {
    let current = OpenWeatherCurrent(
      coord: city.map { .init(lon: $0.lon, lat: $0.lat) },
      weather: [
        .init(id: 800, main: group(record.description), description: record.description, icon: "01d")
      ],
      main: .init(
        temp: units.temperature(record.temp), feelsLike: units.temperature(record.feelsLike),
        humidity: record.humidity),
      wind: .init(speed: units.speed(record.windSpeed)),
      dt: Int(record.observedAt.timeIntervalSince1970), sys: .init(country: city?.countryCode),
      name: record.city, cod: 200)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(current)) ?? Data()
  }

  /// The service's answer for an error status, with its own words, such as
  /// `{"cod": 401, "message": "Invalid API key. Please see …"}` or
  /// `{"cod": "404", "message": "city not found"}` (the geocoder's errors carry `cod` as text).
  public static func errorAnswer(_ status: Int, message: String? = nil) -> HTTPAnswer {
    let cod: Any = status == 400 || status == 404 ? String(status) : status
    let object: [String: Any] = ["cod": cod, "message": message ?? defaultMessage(status)]
    let body =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return HTTPAnswer(status: status, body: body)
  }

  /// The weather group OpenWeatherMap files a description under (`light rain` → `Rain`).
  static func group(_ description: String) -> String {
    for (word, group) in groups where contains(description, word) { return group }
    return description.prefix(1).uppercased() + description.dropFirst()
  }

  static let groups = [
    ("clear", "Clear"), ("cloud", "Clouds"), ("rain", "Rain"), ("snow", "Snow"), ("thunder", "Thunderstorm"),
  ]

  /// Whether `text` contains the ASCII `word`: byte by byte when `text` is ASCII (as every
  /// simulated description is; Foundation's `contains` cost more than the rest of the answer).
  static func contains(_ text: String, _ word: String) -> Bool {
    var (text, word) = (text, word)
    let found = text.withUTF8 { text -> Bool? in
      guard !text.contains(where: { $0 >= 0x80 }) else { return nil }
      return word.withUTF8 { word in
        !word.isEmpty && word.count <= text.count
          && (0...(text.count - word.count)).contains { text[$0..<($0 + word.count)].elementsEqual(word) }
      }
    }
    return found ?? text.contains(word)
  }

  static func defaultMessage(_ status: Int) -> String {
    switch status {
    case 401: "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."
    case 404: "city not found"
    case 429:
      "Your account is temporary blocked due to exceeding of requests limitation of your "
        + "subscription type. Please choose the proper subscription https://openweathermap.org/price"
    case 500...599: "Internal error"
    default: "request failed"
    }
  }
}
