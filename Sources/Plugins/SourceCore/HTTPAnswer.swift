import Foundation

/// An HTTP answer: any status (a 404 is an answer, not a transport failure), its body, and its
/// `Retry-After` header as sent (seconds, or an HTTP date), where it has one.
public struct HTTPAnswer: Sendable {
  public var status: Int
  public var body: Data
  public var retryAfter: String?

  public init(status: Int, body: Data, retryAfter: String? = nil) {
    self.status = status
    self.body = body
    self.retryAfter = retryAfter
  }
}

/// What a live client accepts of one answer.
public enum HTTPLimits {
  /// The most body bytes read (1 MiB): past it the client stops reading, closes the connection
  /// and fails with `badResponse`, so a huge body cannot grow the plugin's memory.
  public static let maxBodyBytes = 1 << 20
  /// The most redirects followed; one more fails with `badResponse` (a redirect loop).
  public static let maxRedirects = 5
}
