extension JSONParser {
  /// string = '"' { char | escape } '"'
  mutating func parseString() throws(JSONError) -> String {
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes, so the bytes between the quotes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try validateUTF8(start..<index)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character in a string (escape it)") }
      index += 1
    }
    index = start
    return try parseEscapedString()
  }

  /// The rest of a string with escapes: each run of plain bytes between them is checked as
  /// UTF-8 where it stands, so an error names the byte.
  private mutating func parseEscapedString() throws(JSONError) -> String {
    var buffer: [UInt8] = []
    var run = index
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        try validateUTF8(run..<index)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
        if byte == UInt8(ascii: "\"") {
          index += 1
          return String(decoding: buffer, as: UTF8.self)
        }
        try parseEscape(into: &buffer)
        run = index
      case ..<0x20:
        throw failure("control character in a string (escape it)")
      default:
        index += 1
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONError) {
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
  private mutating func parseUnicodeEscape() throws(JSONError) -> Unicode.Scalar {
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

  private mutating func parseHex4() throws(JSONError) -> UInt32 {
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

  /// Throws at the first byte in `range` that is not part of valid UTF-8.
  private func validateUTF8(_ range: Range<Int>) throws(JSONError) {
    let run = UnsafeBufferPointer(rebasing: bytes[range])
    // ASCII needs no validation (and most protocol strings are ASCII).
    if run.allSatisfy({ $0 < 0x80 }) || String(validating: run, as: UTF8.self) != nil { return }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = run.makeIterator()
    var offset = range.lowerBound
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
    throw JSONError("invalid UTF-8 in a string", at: offset)
  }

  /// number = [ "-" ] int [ frac ] [ exp ]; an integer that fits in Int stays an Int.
  mutating func parseNumber() throws(JSONError) -> JSONValue {
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

  private mutating func requireDigits(_ message: String) throws(JSONError) {
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
