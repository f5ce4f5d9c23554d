/// Arguments: literals, names, calls, lists, dicts, sub-pipelines, expressions, elements.
extension Parser {
  /// Whether the current token can begin an argument.
  var startsArgument: Bool {
    switch current.kind {
    case .literal, .identifier, .field, .dot, .leftParen, .leftBracket, .leftBrace, .invalid:
      return true
    case .minus:
      return startsNegativeNumber
    default:
      return false
    }
  }

  /// A `-` touching a number: `-3.5`.
  var startsNegativeNumber: Bool {
    let next = peek(1)
    return next.literal?.negated() != nil && current.touches(next)
  }

  /// `IDENT ":"` at `ahead`.
  func startsLabel(at ahead: Int) -> Bool {
    peek(ahead).kind == .identifier && peek(ahead + 1).kind == .colon
  }

  // arg = literal | path | call | list | dict | "(" pipeline ")" | "{" expr "}" | "." [ path ] ;
  //   (* "{" key ":" ... "}" is a dict, as records print *)
  mutating func parseArgument() -> Arg {
    let start = current.span.start
    return nested(
      context,
      { parser in
        let kind = parser.parseArgumentKind()
        return Arg(kind, parser.span(from: start))
      }, orElse: Arg(.invalid, .at(start)))
  }

  private mutating func parseArgumentKind() -> ArgKind {
    let start = current.span.start
    switch current.kind {
    case .literal:
      let literal = ArgKind.literal(advance().literal ?? .null)
      return startsRatePeriod ? parseRate(count: Arg(literal, span(from: start))) : literal
    case .minus where startsNegativeNumber:
      advance()
      let literal = ArgKind.literal(advance().literal?.negated() ?? .null)
      return startsRatePeriod ? parseRate(count: Arg(literal, span(from: start))) : literal
    case .identifier where startsRateWithoutCount: return parseRateWithoutCount()
    case .identifier: return parseNameOrCall()
    case .field: return .element(fieldNames(advance()))
    case .dot:
      advance()
      return .element([])
    case .leftParen: return .pipeline(parseParenthesizedPipeline())
    case .leftBracket: return parseListOrDict()
    case .leftBrace where startsBracedRecord: return parseBracedRecord()
    case .leftBrace: return .expression(parseBracedExpression())
    case .invalid:
      advance()
      return .invalid
    default:
      reportAtCurrent { .expectedValue($0) }
      synchronize()
      return .invalid
    }
  }

  // path = IDENT { "." IDENT } ;  call = IDENT "(" ... ")" ;   (* "(" touching IDENT *)
  // `true`, `false` and `null` are literals.
  private mutating func parseNameOrCall() -> ArgKind {
    let token = advance()
    if let literal = Self.keywordLiterals[token.text] ?? foreignLiteral(token) { return .literal(literal) }
    let name = Name(token.text, token.span)
    guard check(.leftParen), token.touches(current) else { return .name(name) }
    return .call(Call(name: name, arguments: parseCallArguments(of: name, isStageHead: false)))
  }

  static let keywordLiterals: [String: Literal] = ["true": .bool(true), "false": .bool(false), "null": .null]

  // labeled = IDENT ":" arg ;
  mutating func parseLabeled() -> Arg {
    let start = current.span.start
    let token = advance()
    advance()
    let value = parseArgument()
    return Arg(.labeled(Name(token.text, token.span), value), span(from: start))
  }

  // call-arguments = "(" [ arg { "," arg } ] [ "," named ] [ "," ] ")" ;
  mutating func parseCallArguments(of name: Name, isStageHead: Bool) -> [Arg] {
    let open = advance()
    return nested(
      .brackets,
      { parser in
        var arguments: [Arg] = []
        repeat {
          if parser.check(.rightParen) { break }
          arguments.append(parser.startsLabel(at: 0) ? parser.parseLabeled() : parser.parseArgument())
        } while parser.match(.comma) != nil
        let help = isStageHead && parser.startsArgument ? Diagnostic.pipelineArgumentHelp(name.text) : nil
        parser.finishBracketed(open, expecting: "',' or ')'", help: help)
        return arguments
      }, orElse: [])
  }

  /// The names of a field token: `.main.temp` → `main`, `temp`, each with its span.
  func fieldNames(_ token: Token) -> [Name] {
    var names: [Name] = []
    var offset = token.span.start + 1
    for part in token.text.dropFirst().split(separator: ".", omittingEmptySubsequences: false) {
      let length = part.utf8.count
      names.append(Name(String(part), Span(offset, offset + length)))
      offset += length + 1
    }
    return names
  }
}
