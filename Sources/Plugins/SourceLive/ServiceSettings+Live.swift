import Foundation
import SourceCore

extension ServiceSettings {
  /// One live attempt: checks the network and the key, sends `GET baseURL+path?query&keyName=key`
  /// (without `keyName` when the key is empty and not required: a workshop room's service, which
  /// is never sent a student's key), and decodes the answer.
  public func liveCall<Value>(
    path: String, query: [(String, String)], keyName: String, notFound: SourceError.Kind,
    decode: (HTTPAnswer) -> Result<Value, SourceError>
  ) async -> SourceReply<Value> {
    if let failure = liveFailure(notFound: notFound) { return .failure(failure) }
    do {
      let url = try url(path: path, query: query + (apiKey.isEmpty ? [] : [(keyName, apiKey)]))
      let answer = await HTTPGet(timeoutSeconds: timeoutSeconds)(url)
      return SourceReply(answer.flatMap { $0.decoded(with: decode) })
    } catch {
      return .failure(error)
    }
  }
}
