/// Turns a source text into tokens, hand-written, every token with its span.
///
///     Lexer.tokenize(SourceFile(name: "-e", text: "take 3 | show")).tokens.map(\.text)
///     // ["take", "3", "|", "show", ""]
///
/// Errors (an unterminated string, a bad escape, a bad number, a stray character) become
/// diagnostics, never crashes; the token stream always ends with `.end`. Newlines end
/// statements except where LANGUAGE.md §2 says a statement continues.
public struct Lexer {
  /// Where the text comes from. In a file a line that begins with `|` continues the
  /// statement above it; at the prompt each line stands on its own.
  public enum Mode: Sendable {
    case file, prompt
  }

  let file: SourceFile
  let bytes: [UInt8]
  let mode: Mode
  var position = 0
  var tokens: [Token] = []
  var diagnostics: [Diagnostic] = []
  /// The brackets open at `position`, innermost last.
  var openBrackets: [Token] = []

  init(_ file: SourceFile, mode: Mode) {
    self.file = file
    self.bytes = file.bytes
    self.mode = mode
  }

  /// The tokens of `file`, ending with `.end`, and the lexer's diagnostics.
  public static func tokenize(_ file: SourceFile, mode: Mode = .file) -> (
    tokens: [Token], diagnostics: [Diagnostic]
  ) {
    var lexer = Lexer(file, mode: mode)
    lexer.run()
    return (lexer.tokens, lexer.diagnostics)
  }

  mutating func run() {
    while let byte = peek() {
      lexOne(byte)
    }
    tokens.append(Token(.end, .at(bytes.count), ""))
  }

  private mutating func lexOne(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): position += 1
    case UInt8(ascii: "#"): skipComment()
    case UInt8(ascii: "\n"): lexNewline()
    case UInt8(ascii: "\""): lexString()
    case UInt8(ascii: "0")...UInt8(ascii: "9"): lexNumber()
    case UInt8(ascii: "."): lexDot()
    case UInt8(ascii: ":") where atStatementStart: lexCommand()
    case UInt8(ascii: "$") where peek(1)?.isDigit == true: lexSwiftElement()
    case _ where byte.isIdentifierStart: lexIdentifier()
    default: lexPunctuation(byte)
    }
  }

  // MARK: Cursor

  func peek(_ ahead: Int = 0) -> UInt8? {
    position + ahead < bytes.count ? bytes[position + ahead] : nil
  }

  func text(_ start: Int, _ end: Int) -> String { file.text(of: Span(start, end)) }

  mutating func emit(_ kind: TokenKind, from start: Int, literal: Literal? = nil) {
    let token = Token(kind, Span(start, position), text(start, position), literal: literal)
    if kind.isOpener { openBrackets.append(token) }
    if kind.isCloser, !openBrackets.isEmpty { openBrackets.removeLast() }
    tokens.append(token)
  }

  mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  // MARK: Names

  private mutating func lexIdentifier() {
    let start = position
    consumeDottedName()
    emit(.identifier, from: start)
  }

  /// `.` alone is the current element; `.main.temp` is a field path.
  private mutating func lexDot() {
    let start = position
    position += 1
    guard peek()?.isIdentifierStart == true else { return emit(.dot, from: start) }
    consumeDottedName()
    emit(.field, from: start)
  }

  /// `$0`, Swift's name for a closure's element, reads as `.` (and `$0.temp` as `.temp`),
  /// with a warning that says how pipe writes it.
  /// `$1` and on have no meaning in pipe: reported as one token.
  private mutating func lexSwiftElement() {
    let start = position
    position += 1
    while peek()?.isDigit == true { position += 1 }
    guard text(start, position) == "$0" else {
      report(.swiftArgument(Span(start, position), text(start, position)))
      return emit(.invalid, from: start)
    }
    guard peek() == UInt8(ascii: "."), peek(1)?.isIdentifierStart == true else {
      report(.swiftElement(Span(start, position), written: "."))
      return emit(.dot, from: start)
    }
    let field = position
    position += 1
    consumeDottedName()
    report(.swiftElement(Span(start, position), written: text(field, position)))
    emit(.field, from: field)
  }

  /// `name` or `name.name...`, a dot joining only when a name follows it at once.
  private mutating func consumeDottedName() {
    repeat {
      if peek() == UInt8(ascii: ".") { position += 1 }
      while peek()?.isIdentifierPart == true { position += 1 }
    } while peek() == UInt8(ascii: ".") && peek(1)?.isIdentifierStart == true
  }

  // MARK: Comments

  private mutating func skipComment() {
    while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
  }
}
