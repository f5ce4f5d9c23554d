import SourceCore

/// The `data` of a successful `/v2/city` or `/v2/nearest_city` answer. Fields pipe does not read
/// are optional, so a leaner or richer answer still decodes.
struct AirVisualCity: Codable {
  struct Location: Codable {
    var type: String
    var coordinates: [Double]
  }
  struct Weather: Codable {
    var ts: String?
    var tp: Int
    var pr: Int?
    var hu: Int
    var ws: Double?
    var wd: Int?
    var ic: String?
  }
  struct Pollution: Codable {
    var ts: String?
    var aqius: Int
    var mainus: String
    var aqicn: Int?
    var maincn: String?
  }
  struct Current: Codable {
    var weather: Weather
    var pollution: Pollution
  }

  var city: String
  var state: String?
  var country: String?
  var location: Location?
  var current: Current

  var record: AirQualityRecord {
    AirQualityRecord(
      city: city, aqi: current.pollution.aqius,
      mainPollutant: AirQualityRecord.pollutantNames[current.pollution.mainus]
        ?? current.pollution.mainus,
      temp: current.weather.tp, humidity: current.weather.hu)
  }
}
