extension JSONParser {
  /// string = '"' { char | escape } '"'
  mutating func parseString() throws(ProtocolError) -> String {
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes, so the bytes between the quotes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character in a string (escape it)") }
      index += 1
    }
    var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    return try parseEscapedRest(into: &buffer)
  }

  private mutating func parseEscapedRest(into buffer: inout [UInt8]) throws(ProtocolError) -> String {
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try buffer.withUnsafeBufferPointer { (b) throws(ProtocolError) in try makeString(b) }
      case UInt8(ascii: "\\"):
        try parseEscape(into: &buffer)
      case ..<0x20:
        throw failure("control character in a string (escape it)")
      default:
        buffer.append(byte)
        index += 1
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(ProtocolError) {
    index += 1  // backslash
    guard index < bytes.count else { throw failure("unterminated string") }
    let simple: UInt8? =
      switch bytes[index] {
      case UInt8(ascii: "\""): UInt8(ascii: "\"")
      case UInt8(ascii: "\\"): UInt8(ascii: "\\")
      case UInt8(ascii: "/"): UInt8(ascii: "/")
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      buffer.append(simple)
      index += 1
      return
    }
    guard bytes[index] == UInt8(ascii: "u") else { throw failure("invalid escape \\\(describeCurrent())") }
    index += 1
    let scalar = try parseUnicodeEscape()
    buffer.append(contentsOf: String(Character(scalar)).utf8)
  }

  /// The code point after `\u`, joining a surrogate pair written as two escapes.
  private mutating func parseUnicodeEscape() throws(ProtocolError) -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xDC00...0xDFFF).contains(high) { throw failure("lone low surrogate \\u\(String(high, radix: 16))") }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    else { throw failure("lone high surrogate \\u\(String(high, radix: 16))") }
    index += 2
    let low = try parseHex4()
    guard (0xDC00...0xDFFF).contains(low) else {
      throw failure("invalid low surrogate \\u\(String(low, radix: 16))")
    }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
  }

  private mutating func parseHex4() throws(ProtocolError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
        throw failure("expected four hex digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func makeString(_ utf8: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> String {
    // ASCII needs no validation (and most protocol strings are ASCII).
    if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw failure("invalid UTF-8 in a string")
    }
    return text
  }

  /// number = [ "-" ] int [ frac ] [ exp ]; an integer that fits in Int stays an Int.
  mutating func parseNumber() throws(ProtocolError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw failure("leading zero in a number") }
    } else {
      skipDigits()
    }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try requireDigits("expected a digit after '.'")
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      try requireDigits("expected a digit in the exponent")
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else { throw failure("number \(text) is out of range") }
    return .double(value)
  }

  private mutating func requireDigits(_ message: String) throws(ProtocolError) {
    guard index < bytes.count, isDigit(bytes[index]) else { throw failure(message) }
    skipDigits()
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
