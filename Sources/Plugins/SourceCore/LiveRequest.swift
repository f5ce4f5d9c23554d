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
    asciiQuery(target) ?? queryByCharacters(target)
  }

  /// `query` of an ASCII target (every target a client sends percent-encoded), byte by byte:
  /// the fake API logs one per request, and reading it as characters cost more than its answer.
  /// A query with a `%` escape is left to `queryByCharacters`, which decodes the names.
  static func asciiQuery(_ target: String) -> String? {
    var target = target
    return target.withUTF8 { bytes -> String? in
      guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
        return String(decoding: bytes, as: UTF8.self)
      }
      guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 16)
      out.append(contentsOf: bytes[...mark])
      var start = mark + 1
      while true {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
        let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let equals = item.firstIndex(of: UInt8(ascii: "=")),
          isKeyName(UnsafeBufferPointer(rebasing: item[..<equals]))
        {
          out.append(contentsOf: item[...equals])
          out.append(contentsOf: "••••".utf8)
        } else {
          out.append(contentsOf: item)
        }
        guard end < bytes.count else { break }
        out.append(UInt8(ascii: "&"))
        start = end + 1
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Whether ASCII `name`, lowercased, is one of `keyNames`.
  private static func isKeyName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    keyNames.contains { key in
      key.utf8.count == name.count
        && zip(key.utf8, name).allSatisfy {
          $0 == ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($1) ? $1 + 32 : $1)
        }
    }
  }

  /// `query` of any target, character by character (a name such as `\u{212A}ey` lowercases to
  /// `key`), each name percent-decoded as the server reads it (`%61ppid` is `appid`).
  static func queryByCharacters(_ target: String) -> String {
    guard let mark = target.firstIndex(of: "?") else { return target }
    let items = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
    let redacted = items.map { item -> String in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0]).replacingOccurrences(of: "+", with: " ")
      guard parts.count == 2, keyNames.contains((name.removingPercentEncoding ?? name).lowercased()) else {
        return String(item)
      }
      return "\(parts[0])=••••"
    }
    return target[..<mark] + "?" + redacted.joined(separator: "&")
  }
}
