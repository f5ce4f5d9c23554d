/// Habits from Swift, RxSwift, RxJS and Combine that pipe writes otherwise: `nil`, closures
/// with parameters (`{ x in x.temp }`) and method chains (`just(1).map { $0 }`). Each is
/// reported once, with how pipe writes it.
extension Parser {
  /// `nil` or `undefined` where a value stands: read as `null`, with a warning.
  mutating func foreignLiteral(_ token: Token) -> Literal? {
    guard ["nil", "undefined"].contains(token.text) else { return nil }
    diagnostics.append(.foreignNull(token))
    return .null
  }

  /// Whether the current `{` opens a Swift closure with parameters: `{ x in ...`, `{ _ in ...`.
  var startsClosureWithParameter: Bool {
    peek(1).kind == .identifier && peek(2).kind == .identifier && peek(2).text == "in"
  }

  /// `{ _ in .just(nil) }`: reported with what pipe writes, and skipped to its `}`.
  mutating func skipClosureWithParameter() -> Expr {
    let open = advance()
    let parameter = advance()
    advance()
    let bodyStart = current.span.start
    nested(.brackets, { $0.synchronize() }, orElse: ())
    let body = file.text(of: Span(bodyStart, max(bodyStart, lastEnd)))
    let written = ForeignSyntax.closure(body, parameter: parameter.text, stage: stageName)
    report(.closureWithParameter(Span(open.span.start, max(parameter.span.end, lastEnd)), written: written))
    finishBracketed(open, expecting: "'}'")
    return Expr(.invalid, span(from: open.span.start))
  }

  /// Whether the stage so far is followed at once by `.name`: an Rx method chain.
  var continuesAsMethodChain: Bool { check(.field) && current.span.start == lastEnd }

  /// `weather("London").retry(3).catchErrorJustReturn(nil)`: reported once, with the pipe
  /// line it means, and skipped to the end of the stage.
  mutating func reportMethodChain(head: Token, arguments: String?) {
    var links = [ForeignSyntax.Link(name: head.text, arguments: arguments)]
    let start = current.span.start
    while continuesAsMethodChain {
      let name = String(advance().text.dropFirst())
      var link = ForeignSyntax.Link(name: name, arguments: nil)
      if check(.leftParen), current.span.start == lastEnd { link.arguments = skipBracketed() }
      if check(.leftBrace) { link.closure = skipBracketed() }
      links.append(link)
    }
    report(.methodChain(Span(start, max(start, lastEnd)), written: ForeignSyntax.pipeline(links)))
    synchronize()
  }

  /// Skips a bracketed group whole and gives the text between its brackets.
  private mutating func skipBracketed() -> String {
    let open = advance()
    let inner = current.span.start
    var nesting = 0
    while !check(.end) {
      if current.kind == open.kind.closer, nesting == 0 { break }
      if current.kind.isOpener { nesting += 1 }
      if current.kind.isCloser { nesting -= 1 }
      advance()
    }
    let text = file.text(of: Span(inner, max(inner, lastEnd)))
    _ = match(open.kind.closer ?? .rightParen)
    return text
  }
}
