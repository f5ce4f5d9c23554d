import Foundation

/// What the fake API does with a request: answer it, keep the client waiting, or hang up.
enum FakeAPIReply: Sendable {
  /// A response with a JSON (or, for the garbage fault, not quite JSON) body.
  case answer(status: Int, headers: [(name: String, value: String)], body: Data)
  /// No answer for `seconds` (cancelled when the server stops), then a 504 with no body.
  case hang(seconds: Double)
  /// A response head that announces a body, then the connection closes before the body.
  case drop
  /// A 200 whose body is written piece by piece as `pieces` yields them (server-sent events),
  /// until it ends or the client leaves.
  case stream(headers: [(name: String, value: String)], pieces: AsyncStream<Data>)

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

  /// A text answer of the content type given, with the extra header fields given.
  static func text(
    _ status: Int, _ text: String, type: String, headers: [(name: String, value: String)] = []
  ) -> FakeAPIReply {
    .answer(status: status, headers: [("Content-Type", type)] + headers, body: Data(text.utf8))
  }

  /// How many bytes a `drop` announces in its Content-Length before it hangs up.
  static let droppedBodyLength = 64
}
