import Foundation

/// Who may use the control and the teacher's routes.
///
/// - A request whose `Origin` is not the server's own (`http://` and its `Host`) is refused
///   with 403, in both modes: a web page's cross-site POST never changes the faults.
/// - With a token (`pipe fake-api --room`), control and the teacher's routes need it, as
///   `Authorization: Bearer T` or `?token=T`: else 401. Without one (plain `pipe fake-api`, on
///   127.0.0.1 only), control is open to this machine's programs, as the console's keys are,
///   but only under a loopback `Host` (403 else): a web page whose name was rebound to
///   127.0.0.1 (DNS rebinding) sends its own name, and its own origin.
struct FakeAPIAccess: Sendable {
  let token: String?

  /// `route` behind the Origin check, and behind the token when there is one.
  func guarded(_ route: @escaping FakeAPIHandler.Route, needsToken: Bool = true) -> FakeAPIHandler.Route {
    { [self] request in
      if let refusal = refusal(of: request, needsToken: needsToken) { return refusal }
      return await route(request)
    }
  }

  /// The 403 or 401 that refuses `request`, or nil when it may go on.
  func refusal(of request: FakeAPIRequest, needsToken: Bool) -> FakeAPIReply? {
    if let origin = request.header("origin"), origin != "http://" + (request.header("host") ?? "") {
      return .error(403, "cross-origin request refused (Origin: \(origin.prefix(100)))")
    }
    guard needsToken else { return nil }
    guard let token else {
      let host = request.header("host")
      guard !Self.isLoopback(host: host) else { return nil }
      return .error(
        403, "control answers requests to 127.0.0.1 or localhost only (Host: \((host ?? "").prefix(100)))")
    }
    let bearer = request.header("authorization").flatMap { value in
      value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
    }
    guard let given = bearer ?? request.query["token"], Self.same(given, token) else {
      return .answer(
        status: 401, headers: [FakeAPIReply.jsonContentType, ("WWW-Authenticate", "Bearer")],
        body: Data(#"{"error":"this needs the room's token: ?token=T or Authorization: Bearer T"}"#.utf8))
    }
    return nil
  }

  /// Whether a `Host` header names this machine's loopback (any port): `127.0.0.1:8080`,
  /// `localhost`, `[::1]:8080`. No header at all (HTTP/1.0) is taken as loopback.
  static func isLoopback(host: String?) -> Bool {
    guard let host else { return true }
    let name =
      host.hasPrefix("[")
      ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
    return name.lowercased() == "localhost" || name == "::1" || name.hasPrefix("127.")
  }

  /// Compares in a time that does not depend on where the two differ.
  static func same(_ given: String, _ token: String) -> Bool {
    let given = Array(given.utf8)
    let token = Array(token.utf8)
    var difference = UInt8(given.count == token.count ? 0 : 1)
    for index in token.indices { difference |= token[index] ^ (index < given.count ? given[index] : 0) }
    return difference == 0
  }

  /// A random token: 18 bytes from the system's generator, URL-safe base64 (24 characters).
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
  }
}
