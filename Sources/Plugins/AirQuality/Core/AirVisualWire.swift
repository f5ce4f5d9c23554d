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

/// The `status` every answer carries, read first to choose how to read the rest.
struct AirVisualStatus: Decodable {
  var status: String
}

struct AirVisualFailure: Codable {
  var message: String
}

/// How pipe reads AirVisual's answers, used alike by the live client and the simulator.
public enum AirVisualWire {
  /// A record from a `success`, or the error a `fail` message (or, without one, the HTTP status)
  /// stands for; a 200 whose JSON lacks a field, or has one of the wrong type, is a
  /// `badResponse` naming it.
  public static func decode(_ answer: HTTPAnswer) -> Result<AirQualityRecord, SourceError> {
    let byStatus = SourceError.forStatus(answer.status, notFound: .cityNotFound)
    let status: String
    switch WireDecoding.decode(AirVisualStatus.self, from: answer.body) {
    case .success(let envelope): status = envelope.status
    case .failure(let problem): return .failure(answer.status == 200 ? problem : byStatus)
    }
    switch (status, WireDecoding.decode(AirVisualEnvelope<AirVisualFailure>.self, from: answer.body)) {
    case ("success", _):
      return WireDecoding.decode(AirVisualEnvelope<AirVisualCity>.self, from: answer.body).map(\.data.record)
    case ("fail", .success(let failure)):
      return .failure(error(forMessage: failure.data.message, status: answer.status))
    case _ where answer.status != 200:
      return .failure(byStatus)
    case ("fail", .failure(let problem)):
      return .failure(problem)
    default:
      return .failure(
        SourceError(.badResponse, "'status' is \"\(status)\", expected \"success\" or \"fail\""))
    }
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
