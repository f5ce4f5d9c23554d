import Foundation
import JSON

/// Reading one reply line of a weather plugin, the protocol's most common message: the JSON
/// module's parser against Foundation's two, median of `rounds`, in seconds per line.
enum JSONCase {
  static let line = Array(
    #"{"type":"next","id":17,"value":{"city":"London","temp":11.64,"feelsLike":9.89,"humidity":85,"description":"light rain","windSpeed":3.51,"observedAt":"2024-06-01T11:46:00Z"},"after_ms":120}"#
      .utf8)

  struct Reply: Decodable {
    struct Weather: Decodable {
      var city: String, temp: Double, feelsLike: Double, humidity: Int, description: String
      var windSpeed: Double, observedAt: String
    }
    var type: String, id: Int, value: Weather, afterMs: Int
    enum CodingKeys: String, CodingKey {
      case type, id, value
      case afterMs = "after_ms"
    }
  }

  /// (JSON module, JSONSerialization, JSONDecoder), seconds per line.
  static func run(count: Int, rounds: Int) -> (module: Double, serialization: Double, decoder: Double) {
    let data = Data(line)
    let module = median(rounds, count) { _ = try? JSONValue.parse(line) }
    let serialization = median(rounds, count) { _ = try? JSONSerialization.jsonObject(with: data) }
    let decoder = JSONDecoder()
    let decoded = median(rounds, count) { _ = try? decoder.decode(Reply.self, from: data) }
    return (module, serialization, decoded)
  }

  private static func median(_ rounds: Int, _ count: Int, _ body: () -> Void) -> Double {
    let times = (0..<rounds).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<count { body() }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
    }
    return times.sorted()[rounds / 2]
  }
}
