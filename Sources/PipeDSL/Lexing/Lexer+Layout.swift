/// Newlines, continuation lines, prompt commands.
extension Lexer {
  /// A statement starts at the beginning of the text and after a newline or `;`.
  var atStatementStart: Bool {
    guard let last = tokens.last else { return true }
    return last.kind == .newline || last.kind == .semicolon
  }

  /// A newline ends a statement unless it is inside an open bracket, follows a `|`, or (in a
  /// file) the next line that is not blank or a comment begins with `|`.
  mutating func lexNewline() {
    let start = position
    position += 1
    if !openBrackets.isEmpty || tokens.last?.kind == .pipe { return }
    if atStatementStart { return }
    if mode == .file && nextLineBeginsWithPipe() { return }
    emit(.newline, from: start)
  }

  private func nextLineBeginsWithPipe() -> Bool {
    var index = position
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        index += 1
      case UInt8(ascii: "#"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      case let byte:
        return byte == UInt8(ascii: "|")
      }
    }
    return false
  }

  /// `:load examples/retry.pipe` — the whole line is one token; the parser splits it.
  mutating func lexCommand() {
    let start = position
    while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
    while position > start + 1, [UInt8(ascii: " "), 9, 13].contains(bytes[position - 1]) {
      position -= 1
    }
    emit(.command, from: start)
  }

  // MARK: Punctuation

  mutating func lexPunctuation(_ byte: UInt8) {
    let start = position
    if let kind = Self.pairs[byte], let second = peek(1), let double = kind[second] {
      position += 2
      return emit(double, from: start)
    }
    if let kind = Self.singles[byte] {
      position += 1
      return emit(kind, from: start)
    }
    lexStray()
  }

  private static let pairs: [UInt8: [UInt8: TokenKind]] = [
    UInt8(ascii: "|"): [UInt8(ascii: "|"): .pipePipe],
    UInt8(ascii: "&"): [UInt8(ascii: "&"): .ampAmp],
    UInt8(ascii: "="): [UInt8(ascii: "="): .equalEqual],
    UInt8(ascii: "!"): [UInt8(ascii: "="): .bangEqual],
    UInt8(ascii: "<"): [UInt8(ascii: "="): .lessEqual],
    UInt8(ascii: ">"): [UInt8(ascii: "="): .greaterEqual],
  ]

  private static let singles: [UInt8: TokenKind] = [
    UInt8(ascii: "|"): .pipe, UInt8(ascii: "&"): .amp, UInt8(ascii: "="): .equal,
    UInt8(ascii: "!"): .bang, UInt8(ascii: "<"): .less, UInt8(ascii: ">"): .greater,
    UInt8(ascii: "("): .leftParen, UInt8(ascii: ")"): .rightParen,
    UInt8(ascii: "["): .leftBracket, UInt8(ascii: "]"): .rightBracket,
    UInt8(ascii: "{"): .leftBrace, UInt8(ascii: "}"): .rightBrace,
    UInt8(ascii: ","): .comma, UInt8(ascii: ":"): .colon, UInt8(ascii: ";"): .semicolon,
    UInt8(ascii: "*"): .star, UInt8(ascii: "?"): .question, UInt8(ascii: "+"): .plus,
    UInt8(ascii: "-"): .minus, UInt8(ascii: "/"): .slash, UInt8(ascii: "%"): .percent,
  ]

  /// A character that starts no token: reported, and kept as an `.invalid` token so the
  /// parser does not report the hole it leaves.
  private mutating func lexStray() {
    let start = position
    position += min(scalarLength(bytes[start]), bytes.count - start)
    report(.unexpectedCharacter(Span(start, position), text(start, position)))
    emit(.invalid, from: start)
  }

  func scalarLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC0...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF7: return 4
    default: return 1
    }
  }
}
