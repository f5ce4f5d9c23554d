/// The parser's messages, kept together.
extension Diagnostic {
  static func tooDeep(_ span: Span) -> Diagnostic {
    Diagnostic(id: .tooDeep, message: "brackets nested too deeply", span: span)
  }

  static func tooLong(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .expressionTooLong, message: "expression too long: more than \(Parser.maximumChain) operators",
      span: span, help: "split the work over several stages")
  }

  static func expectedStage(_ token: Token) -> Diagnostic {
    Diagnostic(
      id: .expectedStage, message: "expected a stage, found \(token)", span: token.span,
      help: token.kind == .literal ? "a pipeline starts with a source, as in 'just \(token.text)'" : nil)
  }

  /// `bare`: the stage is a name alone, so `x = ...` probably meant `let x = ...`.
  static func unexpectedInStage(_ token: Token, stage: String, bare: Bool) -> Diagnostic {
    Diagnostic(
      id: .unexpectedInStage, message: "unexpected \(token) in stage '\(stage)'", span: token.span,
      help: token.kind == .equal && bare ? "to name a pipeline, write 'let \(stage) = ...'" : nil)
  }

  static func expectedValue(_ token: Token) -> Diagnostic {
    Diagnostic(id: .expectedValue, message: "expected a value, found \(token)", span: token.span)
  }

  static func expectedExpression(_ token: Token) -> Diagnostic {
    Diagnostic(
      id: .expectedExpression, message: "expected an expression, found \(token)", span: token.span)
  }

  static func expected(_ what: String, _ token: Token, help: String? = nil) -> Diagnostic {
    Diagnostic(id: .expectedToken, message: "expected \(what), found \(token)", span: token.span, help: help)
  }

  static func mismatchedCloser(_ token: Token, opener: Token) -> Diagnostic {
    let closer = opener.kind == .leftParen ? ")" : opener.kind == .leftBracket ? "]" : "}"
    return Diagnostic(
      id: .mismatchedCloser, message: "expected '\(closer)', found \(token)", span: token.span,
      labels: [Label(opener.span, "to close this '\(opener.text)'")])
  }

  static func unclosed(_ opener: Token) -> Diagnostic {
    Diagnostic(
      id: .unclosedBracket, message: "unclosed '\(opener.text)'", span: opener.span, isIncomplete: true)
  }

  static func trailingPipe(_ bar: Token) -> Diagnostic {
    Diagnostic(
      id: .trailingPipe, message: "expected a stage after '|'", span: bar.span, isIncomplete: true)
  }

  static func expectedStatementEnd(_ token: Token) -> Diagnostic {
    if token.kind.isCloser {
      return Diagnostic(id: .unmatchedCloser, message: "unmatched \(token)", span: token.span)
    }
    return Diagnostic(
      id: .expectedStatementEnd, message: "expected end of statement, found \(token)", span: token.span)
  }

  static func expectedName(after keyword: String, _ token: Token) -> Diagnostic {
    Diagnostic(
      id: .expectedName, message: "expected a name after '\(keyword)', found \(token)", span: token.span)
  }

  static func dottedName(_ name: Name) -> Diagnostic {
    Diagnostic(id: .dottedName, message: "a pipeline's name cannot contain '.'", span: name.span)
  }

  static func expectedEquals(_ token: Token, name: String) -> Diagnostic {
    Diagnostic(
      id: .expectedEquals, message: "expected '=' after 'let \(name)', found \(token)", span: token.span)
  }

  static func expectedSettingValue(_ token: Token, path: String) -> Diagnostic {
    Diagnostic(
      id: .expectedSettingValue, message: "expected a value for '\(path)', found \(token)",
      span: token.span, help: "write 'set \(path) VALUE'")
  }

  static func expectedCommandName(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .expectedCommandName, message: "expected a command name after ':'", span: span,
      help: "':help' lists the commands")
  }

  static func expectedKey(_ token: Token) -> Diagnostic {
    Diagnostic(
      id: .expectedKey, message: "expected a key (a name, a string or '*'), found \(token)",
      span: token.span)
  }

  /// The help for `flatMap(weather .)`: a sub-pipeline needs a space before its `(`.
  static func pipelineArgumentHelp(_ name: String) -> String {
    "to pass a pipeline, put a space before '(': '\(name) (...)'"
  }

  /// `set weather.faults 500,500,ok`: a string setting's value is written in quotes
  /// (`written`: the value as it was written).
  static func commaInSetting(_ comma: Span, path: String, written: String) -> Diagnostic {
    Diagnostic(
      id: .expectedStatementEnd, message: "expected end of statement, found ','", span: comma,
      help: "put the value in quotes: set \(path) \"\(written)\"")
  }

  /// `nil`, `undefined`: another language's null.
  static func foreignNull(_ token: Token) -> Diagnostic {
    Diagnostic(
      id: .foreignSyntax, severity: .warning, message: "'\(token.text)' is written 'null' in pipe",
      span: token.span, help: "write 'null'")
  }

  /// `{ x in x > 1 }`: a closure with a parameter, and what pipe writes for it.
  static func closureWithParameter(_ span: Span, written: String) -> Diagnostic {
    Diagnostic(
      id: .foreignSyntax, message: "a '{ }' in pipe takes no parameters: the element is '.'", span: span,
      help: "write \(written)")
  }

  /// `weather("London").retry(3)`: an Rx method chain, and the pipe line it means.
  static func methodChain(_ span: Span, written: String) -> Diagnostic {
    Diagnostic(
      id: .methodChain, message: "pipe joins stages with '|', not with '.'", span: span,
      help: "write '\(written)'")
  }
}

/// The messages of a rate, `5 per 1s`, written without one of its parts.
extension Diagnostic {
  /// `rateLimit(5 per)`.
  static func expectedRatePeriod(after per: Token, found token: Token) -> Diagnostic {
    Diagnostic(
      id: .expectedRatePeriod, message: "expected the period of the rate after 'per', found \(token)",
      span: token.span, help: "a rate is written N per D, as in 5 per 1s or 10 per s")
  }

  /// `rateLimit(per 1s)`.
  static func missingRateCount(_ per: Token) -> Diagnostic {
    Diagnostic(
      id: .missingRateCount, message: "a rate needs its count before 'per'", span: per.span,
      help: "a rate is written N per D, as in 5 per 1s or 10 per s")
  }
}
