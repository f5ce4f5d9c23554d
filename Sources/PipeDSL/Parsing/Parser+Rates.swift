import Operators

/// Rates: `5 per 1s`, `100 per 500ms`, `10 per s` (a unit alone is one of it).
///
/// `per` is a word only after a number: a rate is read where an argument stands, and its two
/// parts are checked by `ArgumentReader.rate` (a count of at least 1, a period above zero).
extension Parser {
  /// The units a period may be written with alone: `per s` is `per 1s`.
  static let rateUnits: [String: Time] = [
    "ms": .milliseconds(1), "s": .seconds(1), "m": .seconds(60), "h": .seconds(3600),
  ]

  /// `per` next, after a number just read: the number is a rate's count.
  var startsRatePeriod: Bool { check(.identifier) && current.text == "per" }

  /// `per 1s` with no count before it: an argument that starts with `per` and a period.
  var startsRateWithoutCount: Bool {
    guard current.text == "per" else { return false }
    let next = peek(1)
    switch next.literal {
    case .int?, .double?, .duration?: return true
    default: return next.kind == .identifier && Self.rateUnits[next.text] != nil
    }
  }

  // rate = NUMBER "per" ( DURATION | NUMBER | "ms" | "s" | "m" | "h" ) ;
  mutating func parseRate(count: Arg) -> ArgKind {
    let per = advance()
    let start = current.span.start
    if check(.identifier), let unit = Self.rateUnits[current.text] {
      advance()
      return .rate(count: count, period: Arg(.literal(.duration(unit)), span(from: start)))
    }
    guard check(.literal) || check(.invalid) || check(.minus) && startsNegativeNumber else {
      reportAtCurrent { .expectedRatePeriod(after: per, found: $0) }
      return .invalid
    }
    return .rate(count: count, period: parseArgument())
  }

  /// `per 1s`: reported at `per`, and the period read so that nothing more is reported.
  mutating func parseRateWithoutCount() -> ArgKind {
    let per = advance()
    report(.missingRateCount(per))
    if check(.identifier) { advance() } else { _ = parseArgument() }
    return .invalid
  }
}
