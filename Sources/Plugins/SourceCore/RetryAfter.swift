import Foundation

/// Reads an HTTP `Retry-After` header: a number of seconds (`7`) or an HTTP date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`), as the wait from `now` in milliseconds.
///
///     RetryAfter.milliseconds("7")                                   // 7000
///     RetryAfter.milliseconds("Wed, 25 Nov 2026 22:00:10 GMT", now: tenSecondsBefore)  // 10000
///     RetryAfter.milliseconds("soon")                                // nil: ignored
public enum RetryAfter {
  /// The longest wait taken from a header (a day); a longer one is cut to it.
  public static let maxSeconds = 86_400

  public static func milliseconds(_ header: String, now: Date = Date()) -> Int? {
    let text = header.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
      return (Int(text).map { min($0, maxSeconds) } ?? maxSeconds) * 1000
    }
    guard let date = httpDate(text) else { return nil }
    let wait = date.timeIntervalSince(now)
    return Int((min(max(wait, 0), Double(maxSeconds)) * 1000).rounded())
  }

  /// An IMF-fixdate (RFC 9110), the form servers send.
  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }
}

extension HTTPAnswer {
  /// The wait its `Retry-After` asks for, in milliseconds, if it has a readable one.
  public var retryAfterMs: Int? { retryAfter.flatMap { RetryAfter.milliseconds($0) } }

  /// The answer decoded by `decode`; an error gets the answer's `Retry-After`.
  public func decoded<Value>(with decode: (HTTPAnswer) -> Result<Value, SourceError>) -> Result<
    Value, SourceError
  > {
    decode(self).mapError { error in
      var error = error
      if error.retryAfterMs == nil { error.retryAfterMs = retryAfterMs }
      return error
    }
  }
}
