/// A strict JSON reader straight into `Value`, nesting limited so no input can exhaust the
/// stack.
struct JSONReader {
  static let maximumDepth = 512

  let bytes: [UInt8]
  var position = 0
  var depth = 0

  static func read(_ bytes: [UInt8]) throws(JSONError) -> Value {
    var reader = JSONReader(bytes: bytes)
    let value = try reader.readValue()
    reader.skipWhitespace()
    guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
    return value
  }

  mutating func readValue() throws(JSONError) -> Value {
    skipWhitespace()
    guard let byte = peek() else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try nested { (reader) throws(JSONError) in try reader.readObject() }
    case UInt8(ascii: "["): return try nested { (reader) throws(JSONError) in try reader.readArray() }
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"): return try readWord("true", .bool(true))
    case UInt8(ascii: "f"): return try readWord("false", .bool(false))
    case UInt8(ascii: "n"): return try readWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
    default: throw error("unexpected character")
    }
  }

  private mutating func nested(
    _ read: (inout JSONReader) throws(JSONError) -> Value
  ) throws(JSONError) -> Value {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw error("nested too deeply") }
    return try read(&self)
  }

  private mutating func readObject() throws(JSONError) -> Value {
    position += 1
    var record = Record()
    if try consumeClosing(UInt8(ascii: "}")) { return .record(record) }
    repeat {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let key = try readString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':'") }
      position += 1
      record[key] = try readValue()
    } while try consumeSeparator(closing: UInt8(ascii: "}"))
    return .record(record)
  }

  private mutating func readArray() throws(JSONError) -> Value {
    position += 1
    var values: [Value] = []
    if try consumeClosing(UInt8(ascii: "]")) { return .list(values) }
    repeat {
      values.append(try readValue())
    } while try consumeSeparator(closing: UInt8(ascii: "]"))
    return .list(values)
  }

  private mutating func consumeClosing(_ closing: UInt8) throws(JSONError) -> Bool {
    skipWhitespace()
    guard peek() == closing else { return false }
    position += 1
    return true
  }

  /// After an item: `,` means another follows, the closing bracket ends the container.
  private mutating func consumeSeparator(closing: UInt8) throws(JSONError) -> Bool {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      return true
    case closing:
      position += 1
      return false
    default:
      throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }
  }

  private mutating func readWord(_ word: String, _ value: Value) throws(JSONError) -> Value {
    let expected = Array(word.utf8)
    guard bytes[position...].starts(with: expected) else { throw error("unexpected word") }
    position += expected.count
    return value
  }

  func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipWhitespace() {
    while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
  }

  func error(_ message: String) -> JSONError { JSONError(message, at: position) }
}
