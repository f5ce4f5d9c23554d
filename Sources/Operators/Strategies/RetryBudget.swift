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
  private var requests: [Time] = []
  private var requestsStart = 0
  private var retries: [Time] = []
  private var retriesStart = 0

  public init(ratio: Double, minimum: Rate, window: Time = .seconds(10)) {
    self.ratio = max(0, ratio)
    self.minimum = minimum
    self.window = max(.nanoseconds(1), window)
  }

  /// The requests and the retries within the window ending at `now`.
  public func counts(at now: Time) -> (requests: Int, retries: Int) {
    forget(before: now)
    return (requests.count - requestsStart, retries.count - retriesStart)
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
  public func refund() {
    guard retries.count > retriesStart else { return }
    retries.removeLast()
  }

  private func forget(before now: Time) {
    let oldest = now - window
    while requestsStart < requests.count, requests[requestsStart] <= oldest { requestsStart += 1 }
    while retriesStart < retries.count, retries[retriesStart] <= oldest { retriesStart += 1 }
    if requestsStart > 4096, requestsStart * 2 > requests.count {
      requests.removeFirst(requestsStart)
      requestsStart = 0
    }
    if retriesStart > 4096, retriesStart * 2 > retries.count {
      retries.removeFirst(retriesStart)
      retriesStart = 0
    }
  }
}
