extension JSONValue {
  /// Parses one JSON document (RFC 8259, strictly: no comments, no trailing commas, no duplicate
  /// keys, valid UTF-8, at most 512 levels deep). Surrounding whitespace is allowed.
  ///
  /// ```swift
  /// try JSONValue.parse(#"{"a": [1, 2.5, "x"]}"#)   // ["a": [1, 2.5, "x"]]
  /// ```
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    let result: Result<JSONValue, JSONError>? = bytes.withContiguousStorageIfAvailable { buffer in
      var parser = JSONParser(bytes: buffer)
      return Result { () throws(JSONError) in try parser.parseDocument() }
    }
    if let result { return try result.get() }
    return try parse(Array(bytes))
  }

  /// Parses one JSON document from a string.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

/// A recursive-descent JSON parser over a byte buffer.
struct JSONParser {
  static let maxDepth = 512

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(JSONError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count { throw failure("unexpected \(describeCurrent()) after the value") }
    return value
  }

  mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try nested { (p: inout JSONParser) throws(JSONError) in try p.parseObject() }
    case UInt8(ascii: "["):
      return try nested { (p: inout JSONParser) throws(JSONError) in try p.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func nested(
    _ body: (inout JSONParser) throws(JSONError) -> JSONValue
  ) throws(JSONError) -> JSONValue {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maxDepth { throw failure("nested more than \(Self.maxDepth) levels deep") }
    return try body(&self)
  }

  private mutating func parseArray() throws(JSONError) -> JSONValue {
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if try consume(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
    } while try consume(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"), "expected ',' or ']' in an array")
    return .array(elements)
  }

  private mutating func parseObject() throws(JSONError) -> JSONValue {
    index += 1  // {
    var members: [JSONObject.Member] = []
    var seen: Set<String> = []
    skipWhitespace()
    if try consume(UInt8(ascii: "}")) { return .object(JSONObject(uniqueMembers: members)) }
    repeat {
      skipWhitespace()
      let keyStart = index
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("unexpected \(describeCurrent()), expected a string key")
      }
      let key = try parseString()
      if isDuplicate(key, in: members, seen: &seen) {
        // Named by its start only: a message never echoes a whole long key.
        throw JSONError(
          "duplicate key '\(key.count > 60 ? String(key.prefix(60)) + "…" : key)'", at: keyStart)
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "expected ':' after an object key")
      skipWhitespace()
      members.append(JSONObject.Member(key: key, value: try parseValue()))
      skipWhitespace()
    } while try consume(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), "expected ',' or '}' in an object")
    return .object(JSONObject(uniqueMembers: members))
  }

  /// Whether `key` is already a member: a linear look for small objects (most of them), a set
  /// for large ones, so that neither costs much.
  private func isDuplicate(_ key: String, in members: [JSONObject.Member], seen: inout Set<String>) -> Bool {
    guard members.count >= 16 else { return members.contains { $0.key == key } }
    if seen.isEmpty { seen = Set(members.map(\.key)) }
    return !seen.insert(key).inserted
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONError)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
    else { throw failure("unexpected \(describeCurrent()), expected a value") }
    index += count
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// Consumes `byte` if it is next; at the end of input that is an error.
  private mutating func consume(_ byte: UInt8) throws(JSONError) -> Bool {
    guard index < bytes.count else { throw failure("unexpected end of input") }
    if bytes[index] == byte {
      index += 1
      return true
    }
    return false
  }

  private mutating func expect(_ byte: UInt8, _ message: String) throws(JSONError) {
    if try !consume(byte) { throw failure("\(message), got \(describeCurrent())") }
  }

  func failure(_ message: String) -> JSONError {
    JSONError(message, at: index)
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    return (0x21..<0x7F).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}
