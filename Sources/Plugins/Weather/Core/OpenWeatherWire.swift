import Foundation
import SourceCore

/// OpenWeatherMap's current-weather JSON (`/data/2.5/weather`), the part of it pipe reads.
///
///     {"coord": {"lon": -0.13, "lat": 51.51}, "weather": [{"id": 500, "main": "Rain",
///      "description": "light rain", "icon": "10d"}], "main": {"temp": 12.4, "feels_like": 10.1,
///      "humidity": 81}, "wind": {"speed": 4.6}, "dt": 1717242720, "sys": {"country": "GB"},
///      "name": "London", "cod": 200}
struct OpenWeatherCurrent: Codable {
  struct Coord: Codable { var lon: Double, lat: Double }
  struct Sky: Codable { var id: Int, main: String, description: String, icon: String }
  struct Main: Codable {
    var temp: Double
    var feelsLike: Double
    var humidity: Int
    enum CodingKeys: String, CodingKey {
      case temp, humidity
      case feelsLike = "feels_like"
    }
  }
  struct Wind: Codable { var speed: Double }
  struct Sys: Codable { var country: String? }

  var coord: Coord?
  var weather: [Sky]
  var main: Main
  var wind: Wind
  var dt: Int
  var sys: Sys?
  var name: String
  var cod: Int?
}

/// How pipe reads OpenWeatherMap's answers, used alike by the live client and the simulator.
public enum OpenWeatherWire {
  /// A record from a 200, or the error a status and its `{"cod", "message"}` body stand for; a
  /// 200 whose JSON lacks a field, or has one of the wrong type, is a `badResponse` naming it.
  public static func decode(_ answer: HTTPAnswer) -> Result<WeatherRecord, SourceError> {
    guard answer.status == 200 else {
      let message = ErrorBody.message(in: answer.body)
      return .failure(.forStatus(answer.status, notFound: .cityNotFound, message: message))
    }
    return WireDecoding.decode(OpenWeatherCurrent.self, from: answer.body).flatMap(record)
  }

  /// The record a 200's JSON stands for; it needs at least one `weather` entry.
  static func record(_ current: OpenWeatherCurrent) -> Result<WeatherRecord, SourceError> {
    guard let sky = current.weather.first else {
      return .failure(SourceError(.badResponse, "'weather' is an empty list, expected at least one entry"))
    }
    return .success(
      WeatherRecord(
        city: current.name, temp: current.main.temp, feelsLike: current.main.feelsLike,
        humidity: current.main.humidity, description: sky.description,
        windSpeed: current.wind.speed, observedAt: Date(timeIntervalSince1970: Double(current.dt))))
  }
}

/// The `message` of an error body such as `{"cod": 401, "message": "Invalid API key. …"}`.
enum ErrorBody {
  static func message(in body: Data) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      return nil
    }
    return object["message"] as? String
  }
}
