/// Pipelines and stages.
extension Parser {
  // pipeline = stage { "|" stage } ;
  // (a statement may start with a bare expression instead: `1 + 2`, as a calculator)
  mutating func parsePipeline(allowingExpression: Bool = false) -> Pipeline {
    let start = current.span.start
    let fallback = Pipeline(stages: [], span: .at(start), text: "")
    return nested(
      .pipeline,
      { parser in
        var stages = [
          allowingExpression && parser.startsBareExpression
            ? parser.parseExpressionStage() : parser.parseStage()
        ]
        while let bar = parser.match(.pipe) {
          if parser.check(.end) {
            parser.report(.trailingPipe(bar))
            break
          }
          stages.append(parser.parseStage())
        }
        return Pipeline(stages: stages, span: parser.span(from: start), text: parser.text(from: start))
      }, orElse: fallback)
  }

  // stage = IDENT [ "(" call-arguments ")" ] { arg } [ named ]
  //       | "(" pipeline ")" ;
  mutating func parseStage() -> Stage {
    while match(.invalid) != nil {}
    let start = current.span.start
    let kind: Stage.Kind
    switch current.kind {
    case .leftParen: kind = .group(parseParenthesizedPipeline())
    case .identifier: kind = .operator(parseOperatorStage())
    default:
      let stray = current.kind.isCloser && !closesAnOpenBracket(current.kind)
      reportAtCurrent { stray ? .expectedStatementEnd($0) : .expectedStage($0) }
      synchronize()
      return Stage(kind: .invalid, span: .at(start), text: "")
    }
    return Stage(kind: kind, span: span(from: start), text: text(from: start))
  }

  // operator-stage = IDENT [ call-arguments ] { arg | labeled } ;   (* "(" touching IDENT *)
  // The words are generic (see `OperatorStage`); anything else before the end of the stage
  // is reported.
  private mutating func parseOperatorStage() -> OperatorStage {
    let token = advance()
    let name = Name(token.text, token.span)
    stageName = name.text
    var callArguments: [Arg]?
    var callText: String?
    if check(.leftParen), token.touches(current) {
      let inner = current.span.end
      callArguments = parseCallArguments(of: name, isStageHead: true)
      callText = file.text(of: Span(inner, max(inner, lastEnd - 1)))
    }
    if continuesAsMethodChain {
      reportMethodChain(head: token, arguments: callText)
      return OperatorStage(name: name, callArguments: callArguments, arguments: [])
    }
    var arguments: [Arg] = []
    while startsArgument {
      arguments.append(parseStageArgument())
      if case .labeled = arguments.last?.kind, check(.comma), startsLabel(at: 1) { advance() }
    }
    if !current.kind.endsStage {
      let bare = callArguments == nil && arguments.isEmpty
      reportAtCurrent { .unexpectedInStage($0, stage: name.text, bare: bare) }
      synchronize()
    }
    return OperatorStage(name: name, callArguments: callArguments, arguments: arguments)
  }

  // named = IDENT ":" arg { "," IDENT ":" arg } | IDENT arg ;
  // The `IDENT arg` form arrives as two words; the checker pairs them.
  private mutating func parseStageArgument() -> Arg {
    startsLabel(at: 0) ? parseLabeled() : parseArgument()
  }

  // "(" pipeline ")" ;   (* as a stage or as an argument *)
  mutating func parseParenthesizedPipeline() -> Pipeline {
    let open = advance()
    let pipeline = parsePipeline()
    finishBracketed(open, expecting: "'|' or ')'")
    return pipeline
  }

  /// Whether a statement starts with a value rather than a stage: `1 + 2`, `"a" + "b"`,
  /// `[1, 2]`, `{a: 1}`, `-3`, `!true`.
  var startsBareExpression: Bool {
    switch current.kind {
    case .literal, .leftBracket, .bang: return true
    case .minus: return startsNegativeNumber
    case .leftBrace: return startsBracedRecord
    default: return false
    }
  }

  /// `1 + 2` as a statement: the expression's value, as `just { 1 + 2 }` gives it, so the
  /// prompt and `pipe -e` print it as Lua's and Python's prompts do.
  mutating func parseExpressionStage() -> Stage {
    let start = current.span.start
    chainLength = 0
    let expr = parseExpression()
    let span = span(from: start)
    let just = OperatorStage(name: Name("just", .at(start)), arguments: [Arg(.expression(expr), span)])
    return Stage(kind: .operator(just), span: span, text: text(from: start))
  }
}
