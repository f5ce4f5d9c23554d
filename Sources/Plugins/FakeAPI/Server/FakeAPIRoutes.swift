import AirQualityCore
import Foundation
import SourceCore
import WeatherCore

/// The two web APIs, answered by their simulators under the current faults.
struct FakeAPIRoutes: Sendable {
  let state: FakeAPIState
  let seed: UInt64
  let requireKey: Bool
  let hangSeconds: Double
  let log: @Sendable (String) -> Void

  /// `GET /data/2.5/weather?q=City|lat=…&lon=…&appid=KEY&units=metric|imperial|standard`
  func weather(_ request: FakeAPIRequest) async -> FakeAPIReply {
    let items = request.query
    let query: WeatherQuery? =
      if let name = items["q"] {
        .city(name)
      } else if let lat = items["lat"].flatMap(Double.init), let lon = items["lon"].flatMap(Double.init) {
        .coordinates(lat: lat, lon: lon)
      } else {
        nil
      }
    let units = items["units"].flatMap(Units.init(rawValue:)) ?? .standard
    let asked = OpenWeatherSimulator.Request(query: query, apiKey: items["appid"] ?? "", units: units)
    let (attempt, step) = state.nextAttempt(.weather, salt: query?.salt ?? "weather")
    let server = OpenWeatherSimulator(seed: seed, requireKey: requireKey)
    let action = server.respond(to: asked, step: step, attempt: attempt)
    return carryOut(action, for: request, service: .weather, attempt: attempt, step: step)
  }

  /// `GET /v2/city?city=…&state=…&country=…&key=KEY` and `GET /v2/nearest_city?[lat&lon&]key=KEY`
  func airQuality(_ request: FakeAPIRequest) async -> FakeAPIReply {
    let items = request.query
    let endpoint: AirVisualSimulator.Endpoint
    if request.path.hasSuffix("/city") {
      let parts = [items["city"], items["state"], items["country"]].compactMap { $0 }.filter { !$0.isEmpty }
      endpoint = .city(
        parts.count == 3 ? AirVisualPlace(city: parts[0], state: parts[1], country: parts[2]) : nil)
    } else if let lat = items["lat"].flatMap(Double.init), let lon = items["lon"].flatMap(Double.init) {
      endpoint = .nearest(lat: lat, lon: lon)
    } else {
      endpoint = .nearestByIP
    }
    let (attempt, step) = state.nextAttempt(.airquality, salt: request.target)
    let server = AirVisualSimulator(seed: seed, requireKey: requireKey)
    let action = server.respond(to: endpoint, apiKey: items["key"] ?? "", step: step, attempt: attempt)
    return carryOut(action, for: request, service: .airquality, attempt: attempt, step: step)
  }

  private func carryOut(
    _ action: ServerAction, for request: FakeAPIRequest, service: FakeAPIService, attempt: Int,
    step: FaultStep
  ) -> FakeAPIReply {
    let action = action.sayingRetryAfter()
    let outcome =
      switch action {
      case .answer(let answer):
        String(answer.status) + (answer.retryAfter.map { ", Retry-After: \($0)" } ?? "")
      case .hang: "no answer for \(hangSeconds) s"
      case .drop: "connection dropped"
      }
    log(
      "\(request.method) \(Redact.query(request.target)) → \(outcome) "
        + "(\(service.rawValue) attempt \(attempt), fault \(step))")
    return action.reply(hangSeconds: hangSeconds)
  }
}
