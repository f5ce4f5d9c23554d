/// What parsing a text gives: the tree, every diagnostic (the lexer's and the parser's, in
/// source order), and the source file the spans refer to.
public struct ParseResult<Tree: Sendable>: Sendable {
  public var file: SourceFile
  public var tree: Tree
  public var diagnostics: [Diagnostic]

  public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

  /// The text stops in the middle of a statement and nothing else is wrong: a prompt should
  /// read a continuation line, join it with a newline, and parse again.
  public var isIncomplete: Bool {
    let errors = diagnostics.filter(\.isError)
    return !errors.isEmpty && errors.allSatisfy(\.isIncomplete)
  }
}

extension Parser {
  /// Parses a whole text: `let`, `set`, pipelines and prompt commands.
  ///
  ///     let result = Parser.parse(SourceFile(name: "demo.pipe", text: "just 1 | show"))
  ///     result.tree.statements.count  // 1
  public static func parse(_ file: SourceFile, mode: Lexer.Mode = .file) -> ParseResult<Program> {
    parseFragment(file, mode: mode) { $0.parseProgram() }
  }

  /// Parses a line typed at the prompt (or several, joined by newlines).
  public static func parse(_ text: String, name: String = "<prompt>") -> ParseResult<Program> {
    parse(SourceFile(name: name, text: text), mode: .prompt)
  }

  /// Whether `text` stops in the middle of a statement (an open bracket, a trailing `|`, an
  /// unterminated string) with nothing else wrong, so the prompt should ask for more.
  ///
  ///     Parser.isIncomplete("weather \"Oslo\" |")  // true
  ///     Parser.isIncomplete("weather \"Oslo\"")    // false
  public static func isIncomplete(_ text: String) -> Bool { parse(text).isIncomplete }

  /// Parses one expression, the text inside `{ ... }`.
  public static func parseExpression(_ file: SourceFile) -> ParseResult<Expr> {
    parseFragment(file, mode: .prompt) { $0.parseExpression() }
  }

  /// Parses one argument, as `:schedule backoff(1, 3)` needs.
  public static func parseArgument(_ file: SourceFile) -> ParseResult<Arg> {
    parseFragment(file, mode: .prompt) { parser in
      guard parser.startsArgument else {
        parser.reportAtCurrent { .expectedValue($0) }
        return Arg(.invalid, parser.current.span)
      }
      return parser.parseArgument()
    }
  }

  /// Lexes `file`, runs `parse`, and reports anything left over.
  static func parseFragment<Tree>(
    _ file: SourceFile, mode: Lexer.Mode, _ parse: (inout Parser) -> Tree
  ) -> ParseResult<Tree> {
    let (tokens, lexerDiagnostics) = Lexer.tokenize(file, mode: mode)
    var parser = Parser(file: file, tokens: tokens)
    let tree = parse(&parser)
    while parser.match(.newline) != nil || parser.match(.semicolon) != nil {}
    if !parser.check(.end) { parser.reportAtCurrent { .expectedStatementEnd($0) } }
    // A method chain's message already rewrites the `$0`s inside it.
    let chains = parser.diagnostics.filter { $0.id == .methodChain }.map(\.span)
    let lexed = lexerDiagnostics.filter { diagnostic in
      diagnostic.isError
        || !chains.contains { $0.start <= diagnostic.span.start && diagnostic.span.end <= $0.end }
    }
    let all = (lexed + parser.diagnostics).enumerated().sorted {
      ($0.element.span.start, $0.offset) < ($1.element.span.start, $1.offset)
    }
    return ParseResult(file: file, tree: tree, diagnostics: all.map(\.element))
  }
}
