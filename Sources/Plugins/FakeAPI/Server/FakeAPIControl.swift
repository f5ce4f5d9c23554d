import FlyingFox
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

  func status(_ request: HTTPRequest) async -> HTTPResponse {
    json(200, await state.statusJSON())
  }

  func setFaults(_ request: HTTPRequest) async -> HTTPResponse {
    var plans: [FakeAPIService: FaultPlan] = [:]
    for item in request.query {
      guard let service = FakeAPIService(rawValue: item.name) else {
        return await failure("unknown service '\(item.name)': use weather or airquality")
      }
      do {
        plans[service] = try FaultPlan(parsing: item.value)
      } catch {
        return await failure(error.message)
      }
    }
    await state.setFaults(plans)
    let summary = plans.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " ")
    log("control: faults \(summary.isEmpty ? "unchanged" : summary)")
    return await status(request)
  }

  func reset(_ request: HTTPRequest) async -> HTTPResponse {
    await state.reset()
    log("control: attempts reset")
    return await status(request)
  }

  /// Any other route: a 404 that lists the routes there are.
  func unknown(_ request: HTTPRequest) async -> HTTPResponse {
    log("\(request.method.rawValue) \(Redact.query(request.target.rawValue)) → 404 (no such route)")
    let routes =
      "GET /data/2.5/weather, GET /v2/city, GET /v2/nearest_city, GET /_control, "
      + "POST /_control/faults, POST /_control/reset"
    let body = try? JSONSerialization.data(
      withJSONObject: ["error": "no such route; try \(routes)"], options: .withoutEscapingSlashes)
    return json(404, body ?? Data())
  }

  private func failure(_ message: String) async -> HTTPResponse {
    log("control: rejected: \(message)")
    let body = try? JSONSerialization.data(
      withJSONObject: ["error": message], options: .withoutEscapingSlashes)
    return json(400, body ?? Data())
  }

  private func json(_ status: Int, _ body: Data) -> HTTPResponse {
    HTTPResponse(
      statusCode: HTTPStatusCode(status, phrase: ""),
      headers: [.contentType: "application/json; charset=utf-8"], body: body)
  }
}
