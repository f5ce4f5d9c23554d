/// The operands of expressions.
extension Parser {
  // primary = literal | "." | FIELD | IDENT | call | list | record | "(" expr ")" ;
  // (a record is written `[a: 1]` or, as pipe prints it, `{a: 1}`)
  mutating func parsePrimary() -> Expr {
    let token = current
    switch token.kind {
    case .literal:
      advance()
      return Expr(.literal(token.literal ?? .null), token.span)
    case .dot:
      advance()
      return Expr(.element, token.span)
    case .field:
      advance()
      return fieldAccess(on: Expr(.element, Span.at(token.span.start)), fieldNames(token))
    case .identifier: return parseNameOrCallExpression()
    case .leftBracket: return parseListOrRecordExpression()
    case .leftBrace where startsBracedRecord: return parseListOrRecordExpression()
    case .leftParen:
      advance()
      let expr = parseExpression()
      finishBracketed(token, expecting: "an operator or ')'")
      return Expr(expr.kind, span(from: token.span.start))
    case .invalid:
      advance()
      return Expr(.invalid, token.span)
    default:
      reportAtCurrent { .expectedExpression($0) }
      return Expr(.invalid, .at(token.span.start))
    }
  }

  // name = IDENT { "." IDENT } ;   call = IDENT "(" [ expr { "," expr } [ "," ] ] ")" ;
  private mutating func parseNameOrCallExpression() -> Expr {
    let token = advance()
    if let literal = Self.keywordLiterals[token.text] ?? foreignLiteral(token) {
      return Expr(.literal(literal), token.span)
    }
    let names = fieldNames(Token(.field, Span(token.span.start - 1, token.span.end), "." + token.text))
    if check(.leftParen), !token.text.contains(".") {
      let open = advance()
      let arguments = parseExpressionItems(closedBy: open)
      return Expr(.call(names[0], arguments), span(from: token.span.start))
    }
    return fieldAccess(on: Expr(.name(names[0]), names[0].span), Array(names.dropFirst()))
  }

  /// `expr, expr, ...` up to the closer of `open`, a trailing comma allowed.
  private mutating func parseExpressionItems(closedBy open: Token) -> [Expr] {
    guard let closer = open.kind.closer else { return [] }
    var items: [Expr] = []
    repeat {
      if check(closer) { break }
      items.append(parseExpression())
    } while match(.comma) != nil
    finishBracketed(open, expecting: closer == .rightParen ? "',' or ')'" : "',' or ']'")
    return items
  }

  // list = "[" [ expr { "," expr } [ "," ] ] "]" ;
  // record = "[" key ":" expr { "," key ":" expr } [ "," ] "]" | "[" ":" "]" ;  key = IDENT | STRING ;
  private mutating func parseListOrRecordExpression() -> Expr {
    let open = advance()
    let closer = open.kind.closer ?? .rightBracket
    if (check(.colon) && peek(1).kind == .rightBracket) || (closer == .rightBrace && check(.rightBrace)) {
      if closer == .rightBracket { advance() }
      advance()
      return Expr(.record([]), span(from: open.span.start))
    }
    guard startsRecordKey || closer == .rightBrace else {
      return Expr(.list(parseExpressionItems(closedBy: open)), span(from: open.span.start))
    }
    var entries: [RecordEntry] = []
    repeat {
      if check(closer) { break }
      guard let key = parseRecordKey() else { break }
      entries.append(RecordEntry(key: key, value: parseExpression()))
    } while match(.comma) != nil
    finishBracketed(open, expecting: closer == .rightBrace ? "',' or '}'" : "',' or ']'")
    return Expr(.record(entries), span(from: open.span.start))
  }

  private var startsRecordKey: Bool {
    guard peek(1).kind == .colon else { return false }
    return (check(.identifier) && !current.text.contains(".")) || current.literal?.isString == true
  }

  private mutating func parseRecordKey() -> Name? {
    guard startsRecordKey else {
      reportAtCurrent { .expected("a key (a name or a string) and ':'", $0) }
      return nil
    }
    let token = advance()
    advance()
    if case .string(let string)? = token.literal { return Name(string, token.span) }
    return Name(token.text, token.span)
  }
}
