/// A hand-written recursive-descent parser for the pipe language (LANGUAGE.md §3).
///
/// Each parse function opens with its grammar rule. Errors use panic mode, as clox does: the
/// first error in a stretch is reported, later ones are suppressed until the parser has
/// resynchronised at a `|`, `;`, newline or closing bracket. So a statement with three
/// mistakes reports three diagnostics, not one and not thirty. The entry points are in
/// `Parser+Entry.swift`.
public struct Parser {
  /// Deeper nesting than this is reported instead of risking the stack.
  static let maximumDepth = 100
  /// Longer chains of operators and fields in one `{ ... }` than this are reported: each
  /// link nests the tree one level deeper, and walking it would risk the stack.
  static let maximumChain = 1000

  /// Where the parser stands, for resynchronisation: in a pipeline `|` and `;` are places
  /// to resume at; inside a list, dict, call or braces only the closing bracket is.
  enum Context {
    case pipeline, brackets
  }

  let file: SourceFile
  let tokens: [Token]
  var index = 0
  var diagnostics: [Diagnostic] = []
  var panicking = false
  /// Set once nesting runs too deep: everything after is skipped and nothing more reported.
  var aborted = false
  var depth = 0
  /// Operators and fields met so far in the current `{ ... }`.
  var chainLength = 0
  var context = Context.pipeline
  /// The end of the last token consumed, for spans of finished nodes.
  var lastEnd = 0
  /// The brackets consumed so far that are still open, innermost last.
  var openers: [Token] = []
  /// The name of the stage being parsed, for messages that depend on it.
  var stageName = ""

  init(file: SourceFile, tokens: [Token]) {
    self.file = file
    self.tokens = tokens
  }

  // MARK: Tokens

  var current: Token { tokens[index] }

  func peek(_ ahead: Int) -> Token { tokens[min(index + ahead, tokens.count - 1)] }

  func check(_ kind: TokenKind) -> Bool { current.kind == kind }

  @discardableResult
  mutating func advance() -> Token {
    let token = current
    if token.kind != .end {
      index += 1
      lastEnd = token.span.end
    }
    if token.kind.isOpener { openers.append(token) }
    if token.kind.isCloser, openers.last?.kind.closer == token.kind { openers.removeLast() }
    return token
  }

  mutating func match(_ kind: TokenKind) -> Token? { check(kind) ? advance() : nil }

  /// The span from `start` to the end of the last token consumed.
  func span(from start: Int) -> Span { Span(start, max(start, lastEnd)) }

  func text(from start: Int) -> String { file.text(of: span(from: start)) }

  // MARK: Errors

  /// Reports `diagnostic` unless the parser is already panicking; starts panicking.
  mutating func report(_ diagnostic: Diagnostic) {
    if !panicking && !aborted { diagnostics.append(diagnostic) }
    panicking = true
  }

  /// Reports a problem at the current token; a token the lexer already reported is not
  /// reported twice. At the end of the input inside an open bracket the problem is that
  /// the bracket is still open: the statement is incomplete.
  mutating func reportAtCurrent(_ make: (Token) -> Diagnostic) {
    if check(.invalid) {
      panicking = true
    } else if check(.end), let opener = openers.last {
      report(.unclosed(opener))
    } else {
      report(make(current))
    }
  }

  /// Whether a closer of `kind` would close a bracket that is open.
  func closesAnOpenBracket(_ kind: TokenKind) -> Bool {
    openers.contains { $0.kind.closer == kind }
  }

  /// Skips tokens up to the next place to resume: a closing bracket that belongs to an
  /// enclosing construct, or in a pipeline a `|`, `;` or newline. Brackets opened while
  /// skipping are skipped whole, and so is a closer that belongs to nothing.
  mutating func synchronize() {
    var nesting = 0
    while !check(.end) {
      let kind = current.kind
      let strayCloser = kind.isCloser && !closesAnOpenBracket(kind)
      if nesting == 0 && !strayCloser && (kind.isCloser || (context == .pipeline && kind.endsStage)) {
        break
      }
      if kind.isOpener { nesting += 1 }
      if kind.isCloser { nesting = max(0, nesting - 1) }
      advance()
    }
    if !check(.end) { panicking = false }
  }

  /// Counts `links` more operators or fields of an expression; past `maximumChain` reports
  /// once and skips the rest of the input, as too deep a nesting does.
  mutating func lengthenChain(by links: Int = 1) -> Bool {
    chainLength += links
    guard chainLength > Self.maximumChain else { return true }
    if !aborted { diagnostics.append(.tooLong(current.span)) }
    aborted = true
    index = tokens.count - 1
    return false
  }

  /// Runs `body` one nesting level deeper in `context`; past `maximumDepth` reports once and
  /// skips the rest of the input.
  mutating func nested<T>(_ context: Context, _ body: (inout Parser) -> T, orElse fallback: T) -> T {
    guard depth < Self.maximumDepth else {
      if !aborted { diagnostics.append(.tooDeep(current.span)) }
      aborted = true
      index = tokens.count - 1
      return fallback
    }
    let saved = self.context
    depth += 1
    self.context = context
    defer {
      depth -= 1
      self.context = saved
    }
    return body(&self)
  }
}

extension TokenKind {
  /// Tokens at which a pipeline stage stops taking words.
  var endsStage: Bool {
    switch self {
    case .pipe, .semicolon, .newline, .end, .amp: return true
    default: return isCloser
    }
  }

  var isLiteralOrInvalid: Bool { self == .literal || self == .invalid }
}
