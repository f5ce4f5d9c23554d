import Foundation

extension ServiceSettings {
  /// One simulated attempt: checks the network, lets the simulated server act on the attempt's
  /// fault, and decodes its answer as the live client would, with the simulated latency.
  public func simulatedCall<Value>(
    salt: String, attempt: Int, respond: (FaultStep) -> ServerAction,
    decode: (HTTPAnswer) -> Result<Value, SourceError>
  ) -> SourceReply<Value> {
    guard network else { return .failure(.offline) }
    let call = SimulatedCall(settings: self, attempt: attempt, salt: salt)
    return call.reply(to: respond(call.step), decode: decode)
  }
}
