import Foundation
import SourceCore

/// A one-shot GET, `http://` or `https://`, on a socket of its own (`SocketHTTPGet`, whose
/// limits hold however the body is framed), on a thread of its own as it blocks. Messages are
/// written here, never taken from the system, whose text can carry the URL and so the API key.
///
///     await HTTPGet(timeoutSeconds: 5)(URL(string: "https://api.example/x")!)
///     // .failure(badResponse: response body larger than 1 MiB) for an endless body
public struct HTTPGet: Sendable {
  public var timeoutSeconds: Double

  public init(timeoutSeconds: Double) {
    self.timeoutSeconds = timeoutSeconds
  }

  public func callAsFunction(_ url: URL) async -> Result<HTTPAnswer, SourceError> {
    let get = SocketHTTPGet(timeoutSeconds: timeoutSeconds)
    return await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: get.fetch(url)) }.start()
    }
  }
}
