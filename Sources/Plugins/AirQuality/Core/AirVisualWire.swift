import Foundation
import SourceCore

/// AirVisual's v2 answer (`/v2/city`, `/v2/nearest_city`), the part of it pipe reads:
///
///     {"status": "success", "data": {"city": "Beijing", "state": "Beijing", "country": "China",
///      "current": {"weather": {"tp": 14, "hu": 52, …}, "pollution": {"aqius": 152,
///      "mainus": "p2", …}}}}
///     {"status": "fail", "data": {"message": "city_not_found"}}
struct AirVisualEnvelope<Payload: Codable>: Codable {
  var status: String
  var data: Payload
}

struct AirVisualFailure: Codable {
  var message: String
}

/// How pipe reads AirVisual's answers, used alike by the live client and the simulator.
public enum AirVisualWire {
  /// A record from a `success`, or the error a `fail` message (or, without one, the HTTP status)
  /// stands for.
  public static func decode(_ answer: HTTPAnswer) -> Result<AirQualityRecord, SourceError> {
    let decoder = JSONDecoder()
    if let success = try? decoder.decode(AirVisualEnvelope<AirVisualCity>.self, from: answer.body),
      success.status == "success"
    {
      return .success(success.data.record)
    }
    if let failure = try? decoder.decode(AirVisualEnvelope<AirVisualFailure>.self, from: answer.body),
      failure.status == "fail"
    {
      return .failure(error(forMessage: failure.data.message, status: answer.status))
    }
    if answer.status == 200 { return .failure(.garbage) }
    return .failure(.forStatus(answer.status, notFound: .cityNotFound))
  }

  /// The error kind of each `fail` message; any other message is a `serverFailure`.
  public static let kinds: [String: SourceError.Kind] = [
    "city_not_found": .cityNotFound, "no_nearest_station": .noStation,
    "incorrect_api_key": .invalidKey, "api_key_expired": .invalidKey,
    "call_limit_reached": .rateLimited, "too_many_requests": .rateLimited,
  ]

  static func error(forMessage message: String, status: Int) -> SourceError {
    SourceError(kinds[message] ?? .serverFailure, message, status: status == 200 ? nil : status)
  }
}
