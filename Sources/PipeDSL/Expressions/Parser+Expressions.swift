/// The expression language inside `{ ... }`, by precedence from loosest to tightest:
/// `? :`, `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, prefix `! -`, field access.
extension Parser {
  // braced = "{" expr "}" ;
  mutating func parseBracedExpression() -> Expr {
    if startsClosureWithParameter { return skipClosureWithParameter() }
    let open = advance()
    chainLength = 0
    return nested(
      .brackets,
      { parser in
        let expr = parser.parseExpression()
        parser.finishBracketed(open, expecting: "an operator or '}'")
        return expr
      }, orElse: Expr(.invalid, open.span))
  }

  // expr = conditional ;
  // conditional = or [ "?" expr ":" conditional ] ;
  mutating func parseExpression() -> Expr {
    let start = current.span.start
    return nested(
      .brackets,
      { parser in
        let condition = parser.parseOr()
        guard parser.match(.question) != nil else { return condition }
        let then = parser.parseExpression()
        guard parser.match(.colon) != nil else {
          parser.reportAtCurrent { .expected("':' in 'condition ? then : else'", $0) }
          return Expr(
            .conditional(condition, then, Expr(.invalid, .at(parser.lastEnd))), parser.span(from: start))
        }
        let otherwise = parser.parseExpression()
        return Expr(.conditional(condition, then, otherwise), parser.span(from: start))
      }, orElse: Expr(.invalid, .at(start)))
  }

  // or = and { "||" and } ;
  private mutating func parseOr() -> Expr {
    parseLeftAssociative([.pipePipe: .or]) { $0.parseAnd() }
  }

  // and = equality { "&&" equality } ;
  private mutating func parseAnd() -> Expr {
    parseLeftAssociative([.ampAmp: .and]) { $0.parseEquality() }
  }

  // equality = comparison { ( "==" | "!=" ) comparison } ;
  private mutating func parseEquality() -> Expr {
    parseLeftAssociative([.equalEqual: .equal, .bangEqual: .notEqual]) { $0.parseComparison() }
  }

  // comparison = term { ( "<" | "<=" | ">" | ">=" ) term } ;
  private mutating func parseComparison() -> Expr {
    let operators: [TokenKind: BinaryOperator] = [
      .less: .less, .lessEqual: .lessEqual, .greater: .greater, .greaterEqual: .greaterEqual,
    ]
    return parseLeftAssociative(operators) { $0.parseTerm() }
  }

  // term = factor { ( "+" | "-" ) factor } ;
  private mutating func parseTerm() -> Expr {
    parseLeftAssociative([.plus: .add, .minus: .subtract]) { $0.parseFactor() }
  }

  // factor = unary { ( "*" | "/" | "%" ) unary } ;
  private mutating func parseFactor() -> Expr {
    parseLeftAssociative([.star: .multiply, .slash: .divide, .percent: .remainder]) { $0.parseUnary() }
  }

  private mutating func parseLeftAssociative(
    _ operators: [TokenKind: BinaryOperator], operand: (inout Parser) -> Expr
  ) -> Expr {
    var left = operand(&self)
    while let op = operators[current.kind], lengthenChain() {
      advance()
      let right = operand(&self)
      left = Expr(.binary(op, left, right), left.span.to(right.span))
    }
    return left
  }

  // unary = ( "!" | "-" ) unary | postfix ;
  private mutating func parseUnary() -> Expr {
    guard check(.bang) || check(.minus) else { return parsePostfix() }
    let token = advance()
    let start = token.span.start
    return nested(
      .brackets,
      { parser in
        let operand = parser.parseUnary()
        let span = parser.span(from: start)
        if token.kind == .minus, case .literal(let literal) = operand.kind, let negated = literal.negated() {
          return Expr(.literal(negated), span)
        }
        return Expr(.unary(token.kind == .bang ? .not : .negate, operand), span)
      }, orElse: Expr(.invalid, token.span))
  }

  // postfix = primary { FIELD } ;   (* the field path touching what stands before it *)
  private mutating func parsePostfix() -> Expr {
    var expr = parsePrimary()
    while check(.field), index > 0, tokens[index - 1].touches(current) {
      expr = fieldAccess(on: expr, fieldNames(advance()))
    }
    return expr
  }

  /// `base.a.b`; each field nests the tree one level, so it counts towards the chain limit.
  mutating func fieldAccess(on base: Expr, _ names: [Name]) -> Expr {
    guard lengthenChain(by: names.count) else { return Expr(.invalid, base.span) }
    return names.reduce(base) { Expr(.field($0, $1), $0.span.to($1.span)) }
  }
}
