/// A retry budget with Finagle's semantics (`RetryBudget`, Envoy's retry budget is its
/// concurrent cousin): every request deposits, every retry withdraws, both counted over a
/// sliding `window` (Finagle's TTL, 10 s). A retry is allowed while the retries of the window,
/// this one included, stay within `ratio` × the requests of the window plus a reserve of
/// `minimum` per second over the window (Finagle's `minRetriesPerSec` × TTL), so that a client
/// that makes few requests can still retry.
///
///     let budget = RetryBudget(ratio: 0.1, minimum: Rate(1, per: .seconds(1)))
///     // 100 requests at 0: 10 + 10 (the reserve) retries allowed within 10 s, the 21st refused
public final class RetryBudget {
  public let ratio: Double
  public let minimum: Rate
  public let window: Time
  private var requests = Moments()
  private var retries = Moments()

  public init(ratio: Double, minimum: Rate, window: Time = .seconds(10)) {
    self.ratio = max(0, ratio)
    self.minimum = minimum
    self.window = max(.nanoseconds(1), window)
  }

  /// The requests and the retries within the window ending at `now`.
  public func counts(at now: Time) -> (requests: Int, retries: Int) {
    forget(before: now)
    return (requests.count, retries.count)
  }

  /// A request made at `now`.
  public func deposit(at now: Time) {
    forget(before: now)
    requests.append(now)
  }

  /// Takes a retry from the budget at `now`; false, and nothing taken, when it is spent.
  public func tryWithdraw(at now: Time) -> Bool {
    let (made, retried) = counts(at: now)
    let reserve = minimum.perSecond * window.seconds
    guard Double(retried + 1) <= ratio * Double(made) + reserve + 1e-9 else { return false }
    retries.append(now)
    return true
  }

  /// Gives back the last retry taken: its strategy let the error through after all.
  public func refund() { retries.removeLast() }

  private func forget(before now: Time) {
    requests.forget(upTo: now - window)
    retries.forget(upTo: now - window)
  }
}

/// Moments in time order, of which those up to a point are forgotten: a window's count in
/// O(1), the forgotten ones dropped from the array once they are half of it.
private struct Moments {
  private var times: [Time] = []
  private var start = 0

  var count: Int { times.count - start }

  mutating func append(_ time: Time) { times.append(time) }

  /// Takes back the last moment, if one is still within the window.
  mutating func removeLast() {
    guard times.count > start else { return }
    times.removeLast()
  }

  mutating func forget(upTo oldest: Time) {
    while start < times.count, times[start] <= oldest { start += 1 }
    if start > 4096, start * 2 > times.count {
      times.removeFirst(start)
      start = 0
    }
  }
}
