import Foundation
import JSON
import SourceCore

/// One observation of current weather: the record `weather` emits.
///
///     {city: "London", temp: 12.4, feelsLike: 10.1, humidity: 81, description: "light rain",
///      windSpeed: 4.6, observedAt: "2024-06-01T11:52:00Z"}
public struct WeatherRecord: Equatable, Sendable {
  public var city: String
  /// °C.
  public var temp: Double
  /// °C, as the body feels it.
  public var feelsLike: Double
  /// Relative humidity, %.
  public var humidity: Int
  public var description: String
  /// m/s.
  public var windSpeed: Double
  /// When the service computed the observation.
  public var observedAt: Date

  public init(
    city: String, temp: Double, feelsLike: Double, humidity: Int, description: String,
    windSpeed: Double, observedAt: Date
  ) {
    self.city = city
    self.temp = temp
    self.feelsLike = feelsLike
    self.humidity = humidity
    self.description = description
    self.windSpeed = windSpeed
    self.observedAt = observedAt
  }

  /// `observedAt` as ISO 8601 in UTC (`2024-06-01T11:52:00Z`), the form the record carries.
  public var observedAtText: String {
    observedAt.formatted(.iso8601)
  }
}

/// What `weather` asks for: a city by name, or a point.
public enum WeatherQuery: Equatable, Sendable {
  /// `weather "London"`, `weather "London,GB"`.
  case city(String)
  /// `weather(51.51, -0.13)`.
  case coordinates(lat: Double, lon: Double)

  /// The query's part of the request URL, as OpenWeatherMap names it.
  public var queryItems: [(String, String)] {
    switch self {
    case .city(let name): [("q", name)]
    case .coordinates(let lat, let lon): [("lat", String(lat)), ("lon", String(lon))]
    }
  }

  /// Names the request in seeds, so different places draw different variation.
  public var salt: String {
    switch self {
    case .city(let name): "weather \(WorldCities.find(name)?.name ?? name)"
    case .coordinates(let lat, let lon): "weather \(lat),\(lon)"
    }
  }
}

extension WeatherRecord {
  /// `{city, temp, feelsLike, humidity, description, windSpeed, observedAt}`, in that order.
  public var json: JSONValue {
    [
      "city": .string(city), "temp": .double(temp), "feelsLike": .double(feelsLike),
      "humidity": .int(humidity), "description": .string(description), "windSpeed": .double(windSpeed),
      "observedAt": .string(observedAtText),
    ]
  }
}
