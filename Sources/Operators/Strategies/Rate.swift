/// A count per period, `5 per 1s`: a rate limiter's tokens, a retry budget's floor.
public struct Rate: Hashable, Sendable, CustomStringConvertible {
  /// At least 1.
  public let count: Int
  /// Longer than zero.
  public let period: Time

  /// A count below 1 counts as 1, a period not above zero as 1 ns.
  public init(_ count: Int, per period: Time) {
    self.count = max(1, count)
    self.period = max(.nanoseconds(1), period)
  }

  /// The count per second: 5 per 500ms is 10.
  public var perSecond: Double { Double(count) / period.seconds }

  /// The time between two of the counted things at this rate: 5 per 1s is 200ms.
  public var interval: Time { Time(nanoseconds: max(1, period.nanoseconds / Int64(count))) }

  public var description: String { "\(count) per \(period)" }
}
