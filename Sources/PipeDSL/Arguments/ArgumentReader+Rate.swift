import Operators

extension ArgumentReader {
  /// The most a rate counts in its period (a rate limit's tokens, a budget's floor).
  static let largestRateCount = 1_000_000

  /// A rate, `5 per 1s` or `10 per s`: a whole count from 1 and a period above zero, each
  /// part's mistake reported under that part.
  public func rate(_ arg: Arg) -> Rate? {
    guard case .rate(let countArg, let periodArg) = arg.kind else {
      return fail(arg, expected: "a rate such as 5 per 1s")
    }
    let count = integer(countArg, atLeast: 1, atMost: Self.largestRateCount)
    let period = duration(periodArg)
    guard let count, let period else { return nil }
    guard period > .zero else {
      compiler.report(.zeroPeriod(at: periodArg.span))
      return nil
    }
    return Rate(count, per: period)
  }
}
