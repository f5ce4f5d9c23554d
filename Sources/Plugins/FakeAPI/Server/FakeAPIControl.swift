import Foundation
import SourceCore

/// The control routes, for a test or a teacher to change the faults while the server runs:
///
///     GET  /_control                                      the state, as JSON
///     POST /_control/faults?weather=500,500,ok&airquality=rate(0.3)
///                                                         new plans; their attempts restart at 1
///     POST /_control/reset                                every attempt count restarts at 1
struct FakeAPIControl: Sendable {
  let state: FakeAPIState
  let log: @Sendable (String) -> Void

  func status(_ request: FakeAPIRequest) async -> FakeAPIReply {
    log("control from \(request.client): status")
    return .json(200, state.statusJSON())
  }

  func setFaults(_ request: FakeAPIRequest) async -> FakeAPIReply {
    guard request.queryDecodes else {
      return failure("the query is not percent-encoded UTF-8 text: \(Redact.query(request.target))", request)
    }
    var plans: [FakeAPIService: FaultPlan] = [:]
    for item in request.query where item.name != "token" {
      guard let service = FakeAPIService(rawValue: item.name) else {
        return failure("unknown service '\(item.name)': use weather or airquality", request)
      }
      do {
        plans[service] = try FaultPlan(parsing: item.value)
      } catch {
        return failure(error.message, request)
      }
    }
    state.setFaults(plans)
    let summary = plans.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " ")
    log("control from \(request.client): faults \(summary.isEmpty ? "unchanged" : summary)")
    return .json(200, state.statusJSON())
  }

  func reset(_ request: FakeAPIRequest) async -> FakeAPIReply {
    state.reset()
    log("control from \(request.client): attempts reset")
    return .json(200, state.statusJSON())
  }

  /// Any other route: a 404 that lists the routes there are.
  func unknown(_ request: FakeAPIRequest) async -> FakeAPIReply {
    log("\(request.method) \(Redact.query(request.target)) → 404 (no such route)")
    let routes =
      "GET /data/2.5/weather, GET /v2/city, GET /v2/nearest_city, GET /_control, "
      + "POST /_control/faults, POST /_control/reset"
    return .error(404, "no such route; try \(routes)")
  }

  private func failure(_ message: String, _ request: FakeAPIRequest) -> FakeAPIReply {
    let shown = String(
      String.UnicodeScalarView(message.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    log("control from \(request.client): rejected: \(shown)")
    return .error(400, message)
  }
}
