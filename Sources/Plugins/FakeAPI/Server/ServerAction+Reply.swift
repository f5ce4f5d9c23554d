import SourceCore

extension ServerAction {
  /// The reply that carries out a simulated server's action: an answer as JSON, with its
  /// `Retry-After`; a hang of `hangSeconds`; a drop of the connection before the body.
  func reply(hangSeconds: Double) -> FakeAPIReply {
    switch self {
    case .answer(let answer):
      .answer(
        status: answer.status,
        headers: [FakeAPIReply.jsonContentType] + (answer.retryAfter.map { [("Retry-After", $0)] } ?? []),
        body: answer.body)
    case .hang: .hang(seconds: hangSeconds)
    case .drop: .drop
    }
  }

  /// The action with a `Retry-After` on a 429 or 503 that has none: the fake API always tells
  /// a client how long to stay away (`defaultRetryAfterSeconds`), as a fault plan's `429@7s`
  /// tells it a chosen wait.
  func sayingRetryAfter() -> ServerAction {
    guard case .answer(let answer) = self, [429, 503].contains(answer.status), answer.retryAfter == nil
    else { return self }
    return .answer(answer.retrying(after: Self.defaultRetryAfterSeconds))
  }

  /// The `Retry-After` of a 429 or 503 whose fault plan gives none.
  static let defaultRetryAfterSeconds = 1
}
