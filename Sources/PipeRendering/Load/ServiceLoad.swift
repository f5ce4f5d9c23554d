import Operators
import PipeDSL

/// What a `clients` run's summary says of the load on its service, second by second: the
/// first tries and the retries that reached it, and the outage and capacity it had, if any.
/// `plot` draws it (`LoadChart` on the terminal, `LoadSVGRenderer` as SVG).
///
///     ServiceLoad(summary)  // from {requests: …, load: {firstTries: [...], retries: [...]}}
struct ServiceLoad: Equatable {
  var firstTries: [Int]
  var retries: [Int]
  /// When the outage ended, from the run's start.
  var outage: Time?
  /// Attempts a second beyond which the service refused.
  var capacity: Int?

  /// The load of a `clients` summary (its `load` field), or the load record itself; nil for
  /// any other value.
  init?(_ value: Value) {
    guard case .record(let record) = value else { return nil }
    if case .record(let load)? = record["load"] {
      self.init(fields: load)
    } else {
      self.init(fields: record)
    }
  }

  init(firstTries: [Int], retries: [Int], outage: Time? = nil, capacity: Int? = nil) {
    self.firstTries = firstTries
    self.retries = retries
    self.outage = outage
    self.capacity = capacity
  }

  private init?(fields: Record) {
    guard let firstTries = Self.counts(fields["firstTries"]), let retries = Self.counts(fields["retries"]),
      firstTries.count == retries.count
    else { return nil }
    self.firstTries = firstTries
    self.retries = retries
    if case .int(let ms)? = fields["outage"], ms > 0 { outage = .milliseconds(Int64(ms)) }
    if case .int(let capacity)? = fields["capacity"], capacity > 0 { self.capacity = capacity }
  }

  private static func counts(_ value: Value?) -> [Int]? {
    guard case .list(let items)? = value else { return nil }
    var counts: [Int] = []
    for item in items {
      guard case .int(let count) = item, count >= 0 else { return nil }
      counts.append(count)
    }
    return counts
  }

  /// Seconds drawn.
  var seconds: Int { firstTries.count }

  /// Attempts in each second.
  var totals: [Int] { zip(firstTries, retries).map { $0 &+ $1 } }

  /// The top of the scale: the busiest second, or the capacity when that is higher.
  var top: Int { max(totals.max() ?? 0, capacity ?? 0, 1) }

  /// The heading: what is drawn, and how much of it.
  var heading: String {
    let first = firstTries.reduce(0, &+)
    let again = retries.reduce(0, &+)
    return "attempts per second at the service: \(first) first tries, \(again) retries, "
      + "peak \(totals.max() ?? 0)"
  }
}
