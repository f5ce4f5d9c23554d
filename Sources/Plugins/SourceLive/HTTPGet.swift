import Foundation
import SourceCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A one-shot GET over URLSession, with transport failures turned into source errors. The body
/// and the redirects it follows are capped (`HTTPLimits`).
/// Messages are written here, never taken from `URLError`, whose text can carry the URL and so
/// the API key.
///
/// The timeout is kept here too: FoundationNetworking truncates URLSession's timeouts to whole
/// seconds (0.3 s times out at once, 1.5 s after 1 s), so URLSession only gets a looser backstop.
public struct HTTPGet: Sendable {
  public var timeoutSeconds: Double

  public init(timeoutSeconds: Double) {
    self.timeoutSeconds = timeoutSeconds
  }

  public func callAsFunction(_ url: URL) async -> Result<HTTPAnswer, SourceError> {
    await withTaskGroup(of: Result<HTTPAnswer, SourceError>?.self) { group in
      group.addTask { await self.fetch(url) }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(timeoutSeconds * 1_000_000_000))
        return Task.isCancelled ? nil : .failure(.timedOut(afterMs: Int((timeoutSeconds * 1000).rounded())))
      }
      let first = await group.first { $0 != nil }
      group.cancelAll()
      return (first ?? nil) ?? .failure(SourceError(.offline, "the request was cancelled"))
    }
  }

  /// Plain `http://` on a socket of its own (`PlainHTTPGet`, whose limits hold however the
  /// body is framed), on a thread of its own as it blocks; `https://` through URLSession.
  private func fetch(_ url: URL) async -> Result<HTTPAnswer, SourceError> {
    if url.scheme?.lowercased() == "http" {
      let get = PlainHTTPGet(timeoutSeconds: timeoutSeconds)
      return await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: get.fetch(url)) }.start()
      }
    }
    return await BoundedDownload(timeoutSeconds: timeoutSeconds).run(URLRequest(url: url), in: configuration)
  }

  private var configuration: URLSessionConfiguration {
    let backstop = (max(1, timeoutSeconds.rounded(.up)) + 1)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return configuration
  }

  static func sourceError(for code: URLError.Code, timeoutSeconds: Double) -> SourceError {
    switch code {
    case .timedOut:
      return .timedOut(afterMs: Int((timeoutSeconds * 1000).rounded()))
    case .cannotConnectToHost:
      return SourceError(.offline, "cannot connect to the host")
    case .cannotFindHost, .dnsLookupFailed:
      return SourceError(.offline, "cannot find the host")
    case .notConnectedToInternet:
      return SourceError(.offline, "not connected to the internet")
    case .networkConnectionLost:
      return SourceError(.offline, "the connection was lost")
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData:
      return SourceError(.badResponse, "the server's answer cannot be read")
    case .httpTooManyRedirects:
      return .tooManyRedirects(HTTPLimits.maxRedirects + 1)
    case .unsupportedURL, .badURL:
      return SourceError(.invalidSetting, "the base URL is not a usable http(s) URL")
    default:
      return SourceError(.offline, "the request failed (URL error \(code.rawValue))")
    }
  }
}
