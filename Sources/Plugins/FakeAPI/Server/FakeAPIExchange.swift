import Foundation

/// A request to the fake API, as the routes see it whatever HTTP server carries it.
///
///     let request = FakeAPIRequest(method: "GET", target: "/v2/city?city=Paris&key=k")
///     request.path           // "/v2/city"
///     request.query["city"]  // "Paris"
struct FakeAPIRequest: Sendable {
  let method: String
  /// The request target as sent: path and query, percent-encoded.
  let target: String
  /// The path, percent-encoded, with `.` and `..` segments resolved.
  let path: String
  let query: Query

  init(method: String, target: String) {
    self.method = method
    self.target = target
    let components = URLComponents(string: target)
    path = components.flatMap { URL(string: $0.percentEncodedPath)?.standardized.path } ?? ""
    query = Query(items: components?.queryItems?.map { ($0.name, $0.value ?? "") } ?? [])
  }

  /// The query items, percent-decoded, in order.
  struct Query: Sendable, Sequence {
    let items: [(name: String, value: String)]

    /// The first item's value under `name`.
    subscript(name: String) -> String? {
      items.first { $0.name == name }?.value
    }

    func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
      items.makeIterator()
    }
  }
}

/// What the fake API does with a request: answer it, keep the client waiting, or hang up.
enum FakeAPIReply: Sendable {
  /// A response with a JSON (or, for the garbage fault, not quite JSON) body.
  case answer(status: Int, headers: [(name: String, value: String)], body: Data)
  /// No answer for `seconds` (cancelled when the server stops), then a 504 with no body.
  case hang(seconds: Double)
  /// A response head that announces a body, then the connection closes before the body.
  case drop

  static let jsonContentType = (name: "Content-Type", value: "application/json; charset=utf-8")

  /// A JSON answer.
  static func json(_ status: Int, _ body: Data) -> FakeAPIReply {
    .answer(status: status, headers: [jsonContentType], body: body)
  }

  /// A JSON answer `{"error": message}`.
  static func error(_ status: Int, _ message: String) -> FakeAPIReply {
    let body = try? JSONSerialization.data(
      withJSONObject: ["error": message], options: .withoutEscapingSlashes)
    return json(status, body ?? Data())
  }

  /// How many bytes a `drop` announces in its Content-Length before it hangs up.
  static let droppedBodyLength = 64
}
