import JSON
import SourceCore

/// One air-quality reading: the record `airquality` emits.
///
///     {city: "Beijing", aqi: 152, mainPollutant: "pm2.5", temp: 14, humidity: 52}
public struct AirQualityRecord: Equatable, Sendable {
  public var city: String
  /// US AQI (AirVisual's `aqius`).
  public var aqi: Int
  /// The main pollutant for the US AQI, by its usual name (`pm2.5`, `pm10`, `o3`, `no2`, `so2`,
  /// `co`).
  public var mainPollutant: String
  /// °C, whole degrees as AirVisual reports them.
  public var temp: Int
  /// Relative humidity, %.
  public var humidity: Int

  public init(city: String, aqi: Int, mainPollutant: String, temp: Int, humidity: Int) {
    self.city = city
    self.aqi = aqi
    self.mainPollutant = mainPollutant
    self.temp = temp
    self.humidity = humidity
  }

  /// AirVisual's pollutant codes and their usual names.
  public static let pollutantNames = [
    "p2": "pm2.5", "p1": "pm10", "o3": "o3", "n2": "no2", "s2": "so2", "co": "co",
  ]
}

/// What `airquality` asks for.
public enum AirQualityQuery: Equatable, Sendable {
  /// `airquality "Beijing"`, or any place as `"City, State, Country"`.
  case city(String)
  /// `airquality nearest`: the city nearest to the caller's IP address.
  case nearest
  /// `airquality(39.9, 116.4)`: the city nearest to a point.
  case coordinates(lat: Double, lon: Double)

  /// Names the request in seeds.
  public var salt: String {
    switch self {
    case .city(let name): "airquality \(WorldCities.find(name)?.name ?? name)"
    case .nearest: "airquality nearest"
    case .coordinates(let lat, let lon): "airquality \(lat),\(lon)"
    }
  }
}

extension AirQualityRecord {
  /// `{city, aqi, mainPollutant, temp, humidity}`, in that order.
  public var json: JSONValue {
    [
      "city": .string(city), "aqi": .int(aqi), "mainPollutant": .string(mainPollutant),
      "temp": .int(temp), "humidity": .int(humidity),
    ]
  }
}
