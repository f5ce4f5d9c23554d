import Foundation

extension ServiceSettings {
  /// The failure a live request meets before it is sent: no network, or no key.
  public func liveFailure(notFound: SourceError.Kind) -> SourceError? {
    if !network { return .offline }
    if keyIsMissing { return .forStatus(401, notFound: notFound, message: "no API key: set one") }
    return nil
  }

  /// `baseURL` + `path` + the query, percent-encoded.
  ///
  ///     url(path: "/data/2.5/weather", query: [("q", "New York")])
  ///     // https://api.openweathermap.org/data/2.5/weather?q=New%20York
  public func url(path: String, query: [(String, String)]) throws(SourceError) -> URL {
    let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    guard var components = URLComponents(string: base + path),
      let scheme = components.scheme, ["http", "https"].contains(scheme.lowercased()),
      components.host != nil
    else {
      throw SourceError(.invalidSetting, "the base URL '\(baseURL)' is not an http(s) URL")
    }
    components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    guard let url = components.url else {
      throw SourceError(.invalidSetting, "cannot build a URL from the base URL '\(baseURL)'")
    }
    return url
  }
}

/// Hides secrets in text that is about to be logged.
public enum Redact {
  /// The query items that carry API keys in the supported web APIs.
  public static let keyNames: Set<String> = ["appid", "key", "apikey", "api_key", "token"]

  /// `target` with the value of every key-carrying query item replaced by `••••`.
  ///
  ///     Redact.query("/v2/city?city=Paris&key=s3cret")   // "/v2/city?city=Paris&key=••••"
  public static func query(_ target: String) -> String {
    guard let mark = target.firstIndex(of: "?") else { return target }
    let items = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
    let redacted = items.map { item -> String in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, keyNames.contains(parts[0].lowercased()) else { return String(item) }
      return "\(parts[0])=••••"
    }
    return target[..<mark] + "?" + redacted.joined(separator: "&")
  }
}
