/// The kinds of token the lexer produces.
public enum TokenKind: Hashable, Sendable {
  /// `weather`, `retryWhen`, also dotted: `weather.apiKey`.
  case identifier
  /// A field path right after a dot: `.temp`, `.main.temp`.
  case field
  /// A lone `.`: the current element.
  case dot
  /// A number, string or duration; the token's `literal` holds its value.
  case literal
  /// A prompt command, `:load file.pipe`, up to the end of the line.
  case command
  /// Something the lexer already reported (a bad number, a stray character). The parser
  /// accepts it wherever a value may stand and reports nothing more about it.
  case invalid
  case pipe, pipePipe, amp, ampAmp
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, colon, semicolon, star, question, plus, minus, slash, percent
  case equal, equalEqual, bang, bangEqual, less, lessEqual, greater, greaterEqual
  case newline
  case end

  var isCloser: Bool { self == .rightParen || self == .rightBracket || self == .rightBrace }
  var isOpener: Bool { self == .leftParen || self == .leftBracket || self == .leftBrace }

  /// The closer that matches an opener.
  var closer: TokenKind? {
    switch self {
    case .leftParen: return .rightParen
    case .leftBracket: return .rightBracket
    case .leftBrace: return .rightBrace
    default: return nil
    }
  }
}

/// One token: its kind, where it stands, its source text and, for literals, its value.
public struct Token: Hashable, Sendable, CustomStringConvertible {
  public var kind: TokenKind
  public var span: Span
  public var text: String
  public var literal: Literal?

  public init(_ kind: TokenKind, _ span: Span, _ text: String, literal: Literal? = nil) {
    self.kind = kind
    self.span = span
    self.text = text
    self.literal = literal
  }

  /// How a message names the token: `'|'`, `'weather'`, `end of line`, `end of input`.
  public var description: String {
    switch kind {
    case .newline: return "end of line"
    case .end: return "end of input"
    default:
      let shown = text.count > 24 ? String(text.prefix(21)) + "..." : text
      return "'\(shown)'"
    }
  }

  /// True when `other` starts exactly where this token ends (no space between).
  func touches(_ other: Token) -> Bool { span.end == other.span.start }
}
