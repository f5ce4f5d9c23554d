/// JSON numbers and strings.
extension JSONReader {
  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`; an int when it has neither fraction nor
  /// exponent and fits 64 bits.
  mutating func readNumber() throws(JSONError) -> Value {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    guard try consumeDigits() > 0 else { throw error("expected a digit") }
    if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
      position = integerStart + 1
      throw error("a number cannot start with 0")
    }
    var isDouble = false
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard try consumeDigits() > 0 else { throw error("expected a digit after '.'") }
      isDouble = true
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard try consumeDigits() > 0 else { throw error("expected a digit in the exponent") }
      isDouble = true
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if !isDouble, let int = Int(text) { return .int(int) }
    guard let double = Double(text), double.isFinite else { throw error("number out of range") }
    return .double(double)
  }

  private mutating func consumeDigits() throws(JSONError) -> Int {
    let start = position
    while let byte = peek(), byte.isDigit { position += 1 }
    return position - start
  }

  mutating func readString() throws(JSONError) -> String {
    position += 1
    var buffer: [UInt8] = []
    while let byte = peek() {
      position += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: buffer, as: UTF8.self)
      case UInt8(ascii: "\\"): try readEscape(into: &buffer)
      case 0..<0x20: throw error("control character in a string")
      default: buffer.append(byte)
      }
    }
    throw error("unterminated string")
  }

  private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
    guard let byte = peek() else { throw error("unterminated string") }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let replacement = simple[byte] {
      position += 1
      return buffer.append(replacement)
    }
    guard byte == UInt8(ascii: "u") else { throw error("unknown escape") }
    position += 1
    let scalar = try readUnicodeEscape()
    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  /// `\uXXXX`, joining a surrogate pair into one scalar; a lone surrogate becomes U+FFFD.
  private mutating func readUnicodeEscape() throws(JSONError) -> Unicode.Scalar {
    let high = try readHex4()
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
    guard bytes[position...].starts(with: Array("\\u".utf8)) else { return "\u{FFFD}" }
    position += 2
    let low = try readHex4()
    guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
  }

  private mutating func readHex4() throws(JSONError) -> UInt32 {
    guard position + 4 <= bytes.count, bytes[position..<position + 4].allSatisfy(\.isHexDigit),
      let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { throw error("expected four hex digits") }
    position += 4
    return value
  }
}
