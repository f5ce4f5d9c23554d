import Foundation

/// Every route of the fake API, matched by method and path as `GET /data/2.5/weather` (case
/// aside, and whatever the query); anything else is the 404 that lists them.
struct FakeAPIHandler: Sendable {
  typealias Route = @Sendable (FakeAPIRequest) async -> FakeAPIReply

  private let routes: [(method: String, path: String, answer: Route)]
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
