import Foundation

/// A request to the fake API, as the routes see it whatever HTTP server carries it.
///
///     let request = FakeAPIRequest(method: "GET", target: "/v2/city?city=Paris&key=k")
///     request.path           // "/v2/city"
///     request.query["city"]  // "Paris"
struct FakeAPIRequest: Sendable {
  let method: String
  /// The request target as sent: path and query, percent-encoded.
  let target: String
  /// The path, percent-decoded, with `.` and `..` segments resolved (`URL.standardized.path`).
  let path: String
  let query: Query
  /// The header fields, names lowercased, in order.
  let headers: [(name: String, value: String)]
  /// The body (at most `maximumBody` bytes: the transport answers a longer one 413).
  let body: Data
  /// The client's address, as the log names it (`192.168.1.23`).
  let client: String

  /// The most bytes a request body may have (a room report with its diagram).
  static let maximumBody = 256 * 1024

  init(
    method: String, target: String, headers: [(name: String, value: String)] = [], body: Data = Data(),
    client: String = "?"
  ) {
    self.method = method
    self.target = target
    self.headers = headers.map { ($0.name.lowercased(), $0.value) }
    self.body = body
    self.client = client
    (path, query) = Self.plain(target) ?? Self.parsedByFoundation(target)
  }

  /// The first header field named `name` (any case).
  func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name == name }?.value
  }

  /// Whether every query item's name and value decode as UTF-8 text (`%FF%FE` does not).
  var queryDecodes: Bool {
    guard let mark = target.firstIndex(of: "?") else { return true }
    return target[target.index(after: mark)...].split(separator: "&").allSatisfy { item in
      item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).allSatisfy {
        $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding != nil
      }
    }
  }

  /// The query items, percent-decoded, in order.
  struct Query: Sendable, Sequence {
    let items: [(name: String, value: String)]

    /// The first item's value under `name`.
    subscript(name: String) -> String? {
      items.first { $0.name == name }?.value
    }

    func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
      items.makeIterator()
    }
  }

  /// The path and query as Foundation reads them: the meaning of every target.
  static func parsedByFoundation(_ target: String) -> (String, Query) {
    let components = URLComponents(string: target)
    let path = components.flatMap { URL(string: $0.percentEncodedPath)?.standardized.path } ?? ""
    return (path, Query(items: components?.queryItems?.map { ($0.name, $0.value ?? "") } ?? []))
  }

  /// The path and query of a target as clients send them, read without Foundation, or nil
  /// for anything less plain (then `parsedByFoundation` reads it, at some microseconds more).
  ///
  /// Plain means: a path of letters, digits, `-`, `_`, `~` and `.` in segments that are neither
  /// empty nor only dots (so standardising it changes nothing and nothing in it is encoded);
  /// then, optionally, a query of non-empty `&`-separated items made of letters, digits,
  /// `-._~!$'()*+,;:@/?` and `%XX` escapes of UTF-8 text, each split at its first `=`.
  static func plain(_ target: String) -> (String, Query)? {
    var target = target
    return target.withUTF8 { bytes -> (String, Query)? in
      let mark = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
      guard let path = plainPath(UnsafeBufferPointer(rebasing: bytes[..<mark])) else { return nil }
      guard mark < bytes.count else { return (path, Query(items: [])) }
      var items: [(name: String, value: String)] = []
      var start = mark + 1
      while true {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
        guard end > start, let item = plainItem(UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
          return nil
        }
        items.append(item)
        guard end < bytes.count else { break }
        start = end + 1
      }
      return (path, Query(items: items))
    }
  }

  private static func plainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count > 1, bytes[0] == UInt8(ascii: "/") else {
      return bytes.count == 1 && bytes[0] == UInt8(ascii: "/") ? "/" : nil
    }
    var segmentStart = 1
    for index in 1...bytes.count {
      if index < bytes.count && bytes[index] != UInt8(ascii: "/") {
        guard isUnreserved(bytes[index]) else { return nil }
        continue
      }
      let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
      guard !segment.isEmpty, !segment.allSatisfy({ $0 == UInt8(ascii: ".") }) else { return nil }
      segmentStart = index + 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func plainItem(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, value: String)? {
    let equals = bytes.firstIndex(of: UInt8(ascii: "="))
    guard let name = decoded(UnsafeBufferPointer(rebasing: bytes[..<(equals ?? bytes.count)])) else {
      return nil
    }
    guard let equals else { return (name, "") }
    guard let value = decoded(UnsafeBufferPointer(rebasing: bytes[(equals + 1)...])) else { return nil }
    return (name, value)
  }

  /// Query text with its `%XX` escapes decoded; nil if a byte is not allowed in a query item,
  /// an escape is broken, or the decoded bytes are not UTF-8.
  private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.contains(UInt8(ascii: "%")) else {
      guard bytes.allSatisfy({ isUnreserved($0) || isQuerySymbol($0) }) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return nil }
        text.append(high << 4 | low)
        index += 3
      } else {
        guard isUnreserved(byte) || isQuerySymbol(byte) else { return nil }
        text.append(byte)
        index += 1
      }
    }
    return String(validating: text, as: UTF8.self)
  }

  /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// The other characters a query item may hold as they are (`=` only in its value, `&` never).
  private static func isQuerySymbol(_ byte: UInt8) -> Bool {
    "!$'()*+,;:@/?".utf8.contains(byte)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
