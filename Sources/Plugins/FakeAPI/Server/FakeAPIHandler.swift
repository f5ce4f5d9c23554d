import Foundation

/// Every route of the fake API, matched by method and path as `GET /data/2.5/weather` (case
/// aside, and whatever the query); anything else is the 404 that lists them.
struct FakeAPIHandler: Sendable {
  typealias Route = @Sendable (FakeAPIRequest) async -> FakeAPIReply

  private let routes: [(method: String, path: [String], answer: Route)]
  private let unknown: Route

  init(routes: FakeAPIRoutes, control: FakeAPIControl) {
    let table: [(String, Route)] = [
      ("GET /data/2.5/weather", routes.weather),
      ("GET /v2/city", routes.airQuality),
      ("GET /v2/nearest_city", routes.airQuality),
      ("GET /_control", control.status),
      ("POST /_control/faults", control.setFaults),
      ("POST /_control/reset", control.reset),
    ]
    self.routes = table.map { pattern, answer in
      let parts = pattern.split(separator: " ")
      return (String(parts[0]), Self.segments(parts[1]), answer)
    }
    unknown = control.unknown
  }

  /// The reply to `request` from the route it matches.
  func reply(to request: FakeAPIRequest) async -> FakeAPIReply {
    let method = request.method.uppercased()
    let path = Self.segments(request.path[...])
    let route = routes.first { $0.method == method && $0.path == path }
    return await (route?.answer ?? unknown)(request)
  }

  /// The path's segments, lowercased: `/V2/City/` is `["v2", "city"]`.
  private static func segments(_ path: Substring) -> [String] {
    path.split(separator: "/").map { $0.lowercased() }
  }
}
