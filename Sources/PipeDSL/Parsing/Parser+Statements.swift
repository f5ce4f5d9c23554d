/// Programs and statements.
extension Parser {
  // program = { statement (NEWLINE | ";") } ;
  mutating func parseProgram() -> Program {
    var statements: [Statement] = []
    while !check(.end) {
      if match(.newline) != nil || match(.semicolon) != nil { continue }
      if let statement = parseStatement() { statements.append(statement) }
      finishStatement()
    }
    return Program(statements: statements, file: file)
  }

  /// After a statement: a newline, `;` or the end; anything else is reported and skipped.
  mutating func finishStatement() {
    if check(.newline) || check(.semicolon) || check(.end) { return }
    reportAtCurrent { .expectedStatementEnd($0) }
    while !(check(.newline) || check(.semicolon) || check(.end)) { advance() }
    panicking = false
  }

  // statement = "let" IDENT "=" pipeline
  //           | "set" path value
  //           | pipeline [ "&" ]
  //           | ":" IDENT { word } ;
  mutating func parseStatement() -> Statement? {
    panicking = false
    let start = current.span.start
    let kind: Statement.Kind?
    switch current.kind {
    case .command: kind = parseCommand()
    case .identifier where current.text == "let": kind = parseLet()
    case .identifier where current.text == "set": kind = parseSet()
    default: kind = parseRun()
    }
    return kind.map { Statement(kind: $0, span: span(from: start), text: text(from: start)) }
  }

  // "let" IDENT "=" pipeline
  private mutating func parseLet() -> Statement.Kind? {
    guard let name = parseKeywordAndName() else { return nil }
    if name.isDotted { diagnostics.append(.dottedName(name)) }
    guard match(.equal) != nil else {
      reportAtCurrent { .expectedEquals($0, name: name.text) }
      return nil
    }
    return .binding(name: name, pipeline: parsePipeline())
  }

  // "set" path value
  private mutating func parseSet() -> Statement.Kind? {
    guard let path = parseKeywordAndName() else { return nil }
    guard startsArgument else {
      reportAtCurrent { .expectedSettingValue($0, path: path.text) }
      return nil
    }
    let valueStart = current.span.start
    let value = parseArgument()
    if let comma = match(.comma) {
      // `set weather.faults 500,500,ok`: a string setting's value is written in quotes.
      while !(check(.newline) || check(.semicolon) || check(.end)) { advance() }
      let written = file.text(of: Span(valueStart, lastEnd))
      report(.commaInSetting(comma.span, path: path.text, written: written))
      return nil
    }
    return .setting(path: path, value: value)
  }

  /// `let NAME` or `set NAME`: the keyword, then the name it needs.
  private mutating func parseKeywordAndName() -> Name? {
    let keyword = advance()
    guard let token = match(.identifier) else {
      reportAtCurrent { .expectedName(after: keyword.text, $0) }
      return nil
    }
    return Name(token.text, token.span)
  }

  // pipeline [ "&" ]   (* or an expression first: 1 + 2 *)
  private mutating func parseRun() -> Statement.Kind {
    let pipeline = parsePipeline(allowingExpression: true)
    return .run(pipeline, background: match(.amp)?.span)
  }

  // ":" IDENT { word }
  private mutating func parseCommand() -> Statement.Kind? {
    let token = advance()
    guard let command = CommandSplitter.split(token) else {
      report(.expectedCommandName(token.span))
      return nil
    }
    return .command(command)
  }
}
