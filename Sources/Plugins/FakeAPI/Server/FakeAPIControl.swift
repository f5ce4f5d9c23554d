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
    .json(200, state.statusJSON())
  }

  func setFaults(_ request: FakeAPIRequest) async -> FakeAPIReply {
    var plans: [FakeAPIService: FaultPlan] = [:]
    for item in request.query {
      guard let service = FakeAPIService(rawValue: item.name) else {
        return failure("unknown service '\(item.name)': use weather or airquality")
      }
      do {
        plans[service] = try FaultPlan(parsing: item.value)
      } catch {
        return failure(error.message)
      }
    }
    state.setFaults(plans)
    let summary = plans.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " ")
    log("control: faults \(summary.isEmpty ? "unchanged" : summary)")
    return await status(request)
  }

  func reset(_ request: FakeAPIRequest) async -> FakeAPIReply {
    state.reset()
    log("control: attempts reset")
    return await status(request)
  }

  /// Any other route: a 404 that lists the routes there are.
  func unknown(_ request: FakeAPIRequest) async -> FakeAPIReply {
    log("\(request.method) \(Redact.query(request.target)) → 404 (no such route)")
    let routes =
      "GET /data/2.5/weather, GET /v2/city, GET /v2/nearest_city, GET /_control, "
      + "POST /_control/faults, POST /_control/reset"
    return .error(404, "no such route; try \(routes)")
  }

  private func failure(_ message: String) -> FakeAPIReply {
    log("control: rejected: \(message)")
    return .error(400, message)
  }
}
