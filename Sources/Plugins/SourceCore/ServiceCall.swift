import Foundation

extension ServiceSettings {
  /// One live attempt: checks the network and the key, sends `GET baseURL+path?query&keyName=key`,
  /// and decodes the answer.
  public func liveCall<Value>(
    path: String, query: [(String, String)], keyName: String, notFound: SourceError.Kind,
    decode: (HTTPAnswer) -> Result<Value, SourceError>
  ) async -> SourceReply<Value> {
    if let failure = liveFailure(notFound: notFound) { return .failure(failure) }
    do {
      let url = try url(path: path, query: query + [(keyName, apiKey)])
      let answer = await HTTPGet(timeoutSeconds: timeoutSeconds)(url)
      return SourceReply(answer.flatMap { $0.decoded(with: decode) })
    } catch {
      return .failure(error)
    }
  }

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
