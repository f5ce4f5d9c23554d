/// What went wrong in a source, as data: the plugin turns it into a protocol `error` message.
///
///     SourceError(.serverFailure, "server failure", status: 503)
///     // kind "serverFailure", message "server failure", status 503
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
  public var kind: Kind
  public var message: String
  /// The HTTP status the failure came with, where there was one.
  public var status: Int?
  /// How long the service asked to be left alone (its `Retry-After`), in milliseconds.
  public var retryAfterMs: Int?

  public init(_ kind: Kind, _ message: String, status: Int? = nil, retryAfterMs: Int? = nil) {
    self.kind = kind
    self.message = message
    self.status = status
    self.retryAfterMs = retryAfterMs
  }

  public var description: String {
    "\(kind.rawValue): \(message)" + (status.map { " (HTTP \($0))" } ?? "")
  }

  /// The error kinds the built-in sources raise; the raw value is the language's `kind`.
  public enum Kind: String, CaseIterable, Sendable {
    case invalidKey, cityNotFound, noStation, rateLimited, serverFailure
    case offline, timeout, badResponse, badRequest, invalidArgument, invalidSetting
  }
}

extension SourceError {
  /// The error an HTTP status stands for; `notFound` names what a 404 means for this API.
  public static func forStatus(_ status: Int, notFound: Kind, message: String? = nil) -> SourceError {
    switch status {
    case 401: SourceError(.invalidKey, message ?? "invalid API key", status: status)
    case 404: SourceError(notFound, message ?? defaultMessage(notFound), status: status)
    case 429: SourceError(.rateLimited, message ?? "too many requests", status: status)
    case 500...599: SourceError(.serverFailure, message ?? "server failure", status: status)
    case 400...499: SourceError(.badRequest, message ?? "bad request", status: status)
    default: SourceError(.badResponse, message ?? "unexpected HTTP status \(status)", status: status)
    }
  }

  static func defaultMessage(_ kind: Kind) -> String {
    switch kind {
    case .cityNotFound: "city not found"
    case .noStation: "no nearest station"
    default: kind.rawValue
    }
  }

  public static let offline = SourceError(.offline, "the network is off")
  public static let garbage = SourceError(.badResponse, "the response is not valid JSON")
  public static let bodyTooLarge = SourceError(
    .badResponse, "response body larger than \(HTTPLimits.maxBodyBytes >> 20) MiB")
  public static func tooManyRedirects(_ count: Int) -> SourceError {
    SourceError(
      .badResponse, "too many redirects (\(count)): a live request follows at most \(HTTPLimits.maxRedirects)"
    )
  }
  public static func timedOut(afterMs: Int) -> SourceError {
    SourceError(.timeout, "no answer within \(afterMs) ms")
  }
}
