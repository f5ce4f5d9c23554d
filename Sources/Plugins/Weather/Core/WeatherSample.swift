import Foundation
import SourceCore
import SplitMix

/// The simulator's weather: a city's typical conditions with seeded variation.
enum WeatherSample {
  /// The simulator's "now": every simulated observation is a few minutes older than this.
  static let now = Date(timeIntervalSince1970: 1_717_243_200)  // 2024-06-01T12:00:00Z

  /// One observation of `climate` under the name `name`, drawn from `rng`.
  static func observe(_ climate: WorldCity.Climate, name: String, rng: inout SeededRandom)
    -> WeatherRecord
  {
    let temp = (climate.temp + rng.double(in: -4...4)).rounded(places: 2)
    let humidity = min(100, max(5, climate.humidity + rng.int(in: -8...8)))
    let wind = max(0, climate.wind + rng.double(in: -1.5...1.5)).rounded(places: 2)
    let muggy = temp > 20 ? Double(humidity - 50) * 0.05 : 0
    return WeatherRecord(
      city: name, temp: temp, feelsLike: (temp - 0.5 * wind + muggy).rounded(places: 2),
      humidity: humidity, description: rng.pick(climate.skies.descriptions), windSpeed: wind,
      observedAt: now.addingTimeInterval(-Double(rng.int(in: 1...15) * 60)))
  }
}
