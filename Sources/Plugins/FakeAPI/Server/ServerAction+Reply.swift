import SourceCore

extension ServerAction {
  /// The reply that carries out a simulated server's action: an answer as JSON; a hang of
  /// `hangSeconds`; a drop of the connection before the body.
  func reply(hangSeconds: Double) -> FakeAPIReply {
    switch self {
    case .answer(let answer): .json(answer.status, answer.body)
    case .hang: .hang(seconds: hangSeconds)
    case .drop: .drop
    }
  }
}
