/// String literals: `"..."` with `\" \\ \n \t \u{1F600}`; a string may run over lines.
extension Lexer {
  mutating func lexString() {
    let start = position
    position += 1
    var value: [UInt8] = []
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return emitString(value, from: start)
      case UInt8(ascii: "\\"):
        lexEscape(into: &value)
      default:
        value.append(byte)
        position += 1
      }
    }
    let firstLine = file.lineSpan(file.line(of: start))
    report(.unterminatedString(Span(start, max(start + 1, min(firstLine.end, position)))))
    emitString(value, from: start)
  }

  private mutating func emitString(_ value: [UInt8], from start: Int) {
    emit(.literal, from: start, literal: .string(String(decoding: value, as: UTF8.self)))
  }

  private mutating func lexEscape(into value: inout [UInt8]) {
    let start = position
    position += 1
    guard let byte = peek() else { return }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
      UInt8(ascii: "n"): UInt8(ascii: "\n"), UInt8(ascii: "t"): UInt8(ascii: "\t"),
    ]
    if let replacement = simple[byte] {
      value.append(replacement)
      position += 1
    } else if byte == UInt8(ascii: "u") {
      position += 1
      lexUnicodeEscape(from: start, into: &value)
    } else {
      let length = min(scalarLength(byte), bytes.count - position)
      value.append(contentsOf: bytes[position..<position + length])
      position += length
      report(.badEscape(Span(start, position), text(start, position)))
    }
  }

  /// `\u{1F600}`: one to eight hex digits in braces naming a unicode scalar.
  private mutating func lexUnicodeEscape(from start: Int, into value: inout [UInt8]) {
    var scalar: Unicode.Scalar?
    if peek() == UInt8(ascii: "{") {
      position += 1
      let digitsStart = position
      while let byte = peek(), byte.isHexDigit, position - digitsStart < 8 { position += 1 }
      let digits = text(digitsStart, position)
      if peek() == UInt8(ascii: "}") {
        position += 1
        scalar = UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init)
      }
    }
    guard let scalar else {
      return report(.badUnicodeEscape(Span(start, position), text(start, position)))
    }
    value.append(contentsOf: Array(String(Character(scalar)).utf8))
  }
}
