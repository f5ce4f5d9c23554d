import Foundation

/// The room's routes (`pipe fake-api --room`):
///
///     POST /_room/report                        a student's check or hint (no token), 204
///     GET  /_room?token=T                       the teacher's page
///     GET  /_room/state?token=T                 the room, as JSON
///     GET  /_room/events?token=T                the room at each change (server-sent events)
///     GET  /_room/diagram?token=T&name=N&exercise=E   a failing diagram, as an image
struct RoomRoutes: Sendable {
  let state: RoomState
  let log: @Sendable (String) -> Void

  func report(_ request: FakeAPIRequest) async -> FakeAPIReply {
    let type = request.header("content-type")?.lowercased() ?? "application/json"
    guard type.hasPrefix("application/json") else {
      return refused("the report must be JSON (Content-Type: application/json)", from: request)
    }
    do throws(RoomReport.Refused) {
      let line = try state.record(try RoomReport.parse(request.body), from: request.client)
      log(line)
      return .answer(status: 204, headers: [], body: Data())
    } catch {
      return refused(error.message, from: request, status: error.status)
    }
  }

  func page(_ request: FakeAPIRequest) async -> FakeAPIReply {
    .text(
      200, RoomPage.html(room: state.snapshot()), type: "text/html; charset=utf-8",
      headers: [
        ("Content-Security-Policy", RoomPage.contentSecurityPolicy), ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
      ])
  }

  func snapshot(_ request: FakeAPIRequest) async -> FakeAPIReply {
    .answer(
      status: 200, headers: [FakeAPIReply.jsonContentType, ("Cache-Control", "no-store")],
      body: state.snapshot())
  }

  func events(_ request: FakeAPIRequest) async -> FakeAPIReply {
    guard let pieces = state.watch() else { return .error(503, "too many pages watch the room") }
    return .stream(
      headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")], pieces: pieces)
  }

  /// The SVG as an image of its own, under a policy that runs nothing in it.
  func diagram(_ request: FakeAPIRequest) async -> FakeAPIReply {
    guard let name = request.query["name"], let exercise = request.query["exercise"],
      let svg = state.diagram(name: name, exercise: exercise)
    else { return .error(404, "no failing diagram for that student and exercise") }
    return .text(
      200, svg, type: "image/svg+xml",
      headers: [
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
        ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store"),
      ])
  }

  private func refused(_ message: String, from request: FakeAPIRequest, status: Int = 400) -> FakeAPIReply {
    log("room: report from \(request.client) refused: \(message)")
    return .error(status, message)
  }
}
