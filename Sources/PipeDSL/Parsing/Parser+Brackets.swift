/// Closing what was opened.
extension Parser {
  /// Ends a bracketed construct: reports anything before the closer, skips to it, and
  /// consumes it.
  mutating func finishBracketed(_ opener: Token, expecting what: String, help: String? = nil) {
    guard let closer = opener.kind.closer else { return }
    if !check(closer) && !check(.end) && !current.kind.isCloser {
      reportAtCurrent { .expected(what, $0, help: help) }
      nested(.brackets, { $0.synchronize() }, orElse: ())
    }
    expectCloser(closer, opener: opener)
  }

  /// Consumes the closer for `opener`. At the end of the input the statement is incomplete.
  /// A closer that closes nothing open is reported and skipped; one that closes an outer
  /// bracket is reported and left to it. Either way one slip reports once.
  mutating func expectCloser(_ closer: TokenKind, opener: Token) {
    while !check(closer) {
      if check(.end) || !current.kind.isCloser {
        if check(.end) { report(.unclosed(opener)) }
        return forget(opener)
      }
      report(.mismatchedCloser(current, opener: opener))
      if closesAnOpenBracket(current.kind) { return forget(opener) }
      index += 1
      lastEnd = tokens[index - 1].span.end
    }
    advance()
    panicking = false
  }

  /// Gives up on `opener` being closed.
  private mutating func forget(_ opener: Token) {
    if let last = openers.lastIndex(of: opener) { openers.remove(at: last) }
  }
}
