/// The error of a subscription refused by a rate limiter: no token left in this period.
/// `retryAfter` is how long until the next period starts and its tokens come.
public struct RateLimitedError: Error, Equatable, CustomStringConvertible {
  public let retryAfter: Time
  /// The limiter's rate, for the message.
  public let rate: Rate
  public init(retryAfter: Time, rate: Rate) {
    self.retryAfter = retryAfter
    self.rate = rate
  }
  /// The error's kind, as the language names it.
  public var description: String { "rateLimited" }
}

/// A rate limiter with resilience4j's semantics (`AtomicRateLimiter`): time is cut into
/// periods of `rate.period`, counted from the first subscription the limiter sees; at the
/// start of each period it holds `rate.count` tokens again (tokens left over are not carried
/// on), and each subscription takes one. A subscription that finds none fails at once
/// (resilience4j's `timeoutDuration` of zero) with `RateLimitedError`, whose `retryAfter`
/// is the time left until the next period. Shared by every subscription that goes through
/// `rateLimit(_:scheduler:)` with it.
///
///     let limiter = RateLimiter(Rate(2, per: .seconds(1)))
///     source.rateLimit(limiter, scheduler: s)  // at 0, 0.1, 0.2: runs, runs, rateLimited (retryAfter 0.8s)
public final class RateLimiter {
  public let rate: Rate
  /// When the first period started: the first subscription's time.
  private var origin: Time?
  private var period: Int64 = -1
  /// The tokens left in the current period.
  public private(set) var tokens = 0

  public init(_ rate: Rate) { self.rate = rate }

  /// Takes a token at `now`: nil when one was taken, or how long until the next period.
  public func acquire(at now: Time) -> Time? {
    let origin = self.origin ?? now
    self.origin = origin
    let current = max(0, (now - origin).nanoseconds / rate.period.nanoseconds)
    if current != period {
      period = current
      tokens = rate.count
    }
    guard tokens == 0 else {
      tokens -= 1
      return nil
    }
    return origin + rate.period * (current + 1) - now
  }
}

extension Observable {
  /// Subscribes upstream only when `limiter` has a token at the scheduler's time; fails at
  /// once with `RateLimitedError` otherwise, without asking upstream.
  ///
  ///     --a|  rateLimit(1 per 1s), subscribed at 0 and 0.5s:  --a|  and  # (retryAfter 0.5s)
  public func rateLimit(_ limiter: RateLimiter, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      if let wait = limiter.acquire(at: scheduler.now) {
        observer.onError(RateLimitedError(retryAfter: wait, rate: limiter.rate))
        return Disposables.empty
      }
      return source.subscribe(observer)
    })
  }
}
