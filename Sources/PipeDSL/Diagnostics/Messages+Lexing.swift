/// The lexer's messages, kept together.
extension Diagnostic {
  /// A byte that starts no UTF-8 character, where the decoded text shows U+FFFD.
  static func invalidUTF8(_ span: Span, byte: UInt8) -> Diagnostic {
    let hex = String(byte, radix: 16, uppercase: true)
    return Diagnostic(
      id: .invalidUTF8,
      message: "invalid UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) starts no character",
      span: span, help: "save the file as UTF-8")
  }

  static func unterminatedString(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .unterminatedString, message: "unterminated string", span: span,
      help: "close the string with '\"'", isIncomplete: true)
  }

  static func badEscape(_ span: Span, _ text: String) -> Diagnostic {
    Diagnostic(
      id: .badEscape, message: "unknown escape sequence '\(text)'", span: span,
      help: "the escapes are \\\" \\\\ \\n \\t and \\u{1F600}")
  }

  static func badUnicodeEscape(_ span: Span, _ text: String) -> Diagnostic {
    Diagnostic(
      id: .badUnicodeEscape, message: "invalid unicode escape '\(text)'", span: span,
      help: "write one to eight hex digits of a unicode scalar in braces, as in \\u{1F600}")
  }

  static func badNumber(_ span: Span, _ text: String) -> Diagnostic {
    Diagnostic(
      id: .badNumber, message: "invalid number '\(text)'", span: span,
      help: "an exponent needs digits, as in 1e3")
  }

  static func badDuration(_ span: Span, unit: String, text: String) -> Diagnostic {
    Diagnostic(
      id: .badDuration, message: "unknown unit '\(unit)' in '\(text)'", span: span,
      help: "a duration ends in ms, s, m or h, as in 500ms, 1.5s, 2m, 1h")
  }

  static func numberTooLarge(_ span: Span, _ text: String) -> Diagnostic {
    Diagnostic(id: .numberTooLarge, message: "number '\(text)' is too large", span: span)
  }

  /// `$0.temp`: Swift's element, read as `.temp`.
  static func swiftElement(_ span: Span, written: String) -> Diagnostic {
    Diagnostic(
      id: .foreignSyntax, severity: .warning, message: "'$0' is Swift's; in pipe the element is '.'",
      span: span, help: "write '\(written)'")
  }

  /// `$1`: Swift's second closure argument; pipe's braces have one element.
  static func swiftArgument(_ span: Span, _ text: String) -> Diagnostic {
    Diagnostic(
      id: .foreignSyntax, message: "'\(text)' is Swift's; in pipe a '{ }' has one element, '.'", span: span,
      help: "in scan, 'acc' is the accumulator and '.' the new value: scan 0 { acc + . }")
  }

  static func unexpectedCharacter(_ span: Span, _ character: String) -> Diagnostic {
    let quotes: Set<String> = ["“", "”", "‘", "’", "'"]
    let shown = character.unicodeScalars.first.map(describe) ?? character
    return Diagnostic(
      id: .unexpectedCharacter, message: "unexpected character \(shown)", span: span,
      help: quotes.contains(character)
        ? "strings are written in straight double quotes: \"...\""
        : character == "$"
          ? "the element is '.', as in map { .temp }; in scan, 'acc' is the accumulator" : nil)
  }

  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
    let printable = !scalar.properties.generalCategory.isInvisible
    if !printable { return code }
    return scalar.isASCII ? "'\(scalar)'" : "'\(scalar)' (\(code))"
  }
}

extension Unicode.GeneralCategory {
  fileprivate var isInvisible: Bool {
    switch self {
    case .control, .format, .unassigned, .surrogate, .privateUse, .spaceSeparator,
      .lineSeparator, .paragraphSeparator:
      return true
    default:
      return false
    }
  }
}
