import Foundation

/// Every route of the fake API, matched by method and path as `GET /data/2.5/weather` (case
/// aside, and whatever the query); anything else is the 404 that lists them.
struct FakeAPIHandler: Sendable {
  typealias Route = @Sendable (FakeAPIRequest) async -> FakeAPIReply

  private let routes: [(method: String, path: String, answer: Route)]
  private let unknown: Route

  /// The room's routes are there only with `room` (`pipe fake-api --room`); control and the
  /// teacher's routes are behind `access`.
  init(routes: FakeAPIRoutes, control: FakeAPIControl, room: RoomRoutes?, access: FakeAPIAccess) {
    var table: [(String, Route)] = [
      ("GET /data/2.5/weather", routes.weather),
      ("GET /v2/city", routes.airQuality),
      ("GET /v2/nearest_city", routes.airQuality),
      ("GET /_control", access.guarded(control.status)),
      ("POST /_control/faults", access.guarded(control.setFaults)),
      ("POST /_control/reset", access.guarded(control.reset)),
    ]
    if let room {
      table += [
        ("POST /_room/report", access.guarded(room.report, needsToken: false)),
        ("GET /_room", access.guarded(room.page)),
        ("GET /_room/state", access.guarded(room.snapshot)),
        ("GET /_room/events", access.guarded(room.events)),
        ("GET /_room/diagram", access.guarded(room.diagram)),
      ]
    }
    self.routes = table.map { pattern, answer in
      let parts = pattern.split(separator: " ")
      return (String(parts[0]), Self.segments(String(parts[1])), answer)
    }
    unknown = control.unknown
  }

  /// The reply to `request` from the route it matches.
  func reply(to request: FakeAPIRequest) async -> FakeAPIReply {
    let method = request.method.uppercased()
    let path = Self.segments(request.path)
    let route = routes.first { $0.method == method && $0.path == path }
    return await (route?.answer ?? unknown)(request)
  }

  /// The path's segments, lowercased and joined by `/`: `/V2/City/` is `v2/city`.
  static func segments(_ path: String) -> String {
    asciiSegments(path) ?? path.split(separator: "/").map { $0.lowercased() }.joined(separator: "/")
  }

  /// `segments` of an ASCII path, byte by byte (a request costs one); nil for any other path.
  static func asciiSegments(_ path: String) -> String? {
    var path = path
    return path.withUTF8 { bytes -> String? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      var previous = UInt8(ascii: "/")
      for byte in bytes where byte != UInt8(ascii: "/") || previous != UInt8(ascii: "/") {
        out.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        previous = byte
      }
      if out.last == UInt8(ascii: "/") { out.removeLast() }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
