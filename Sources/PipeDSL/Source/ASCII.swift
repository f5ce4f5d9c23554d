/// Byte classes shared by the lexer, the value renderer and the JSON reader.
extension UInt8 {
  var isIdentifierStart: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || self == UInt8(ascii: "_")
  }

  var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

  var isIdentifierPart: Bool { isIdentifierStart || isDigit }

  var isHexDigit: Bool {
    isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
