import Foundation
import SourceCore

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
}
