/// Where a circuit breaker stands.
public enum CircuitState: String, Sendable, CustomStringConvertible {
  /// Subscriptions go through; consecutive failures are counted.
  case closed
  /// Subscriptions fail at once with `CircuitOpenError`, until the reset timeout has passed.
  case open
  /// One trial subscription goes through; its outcome closes or reopens the circuit.
  case halfOpen

  public var description: String { rawValue }
}

/// The error of a subscription refused by an open circuit breaker.
public struct CircuitOpenError: Error, Equatable, CustomStringConvertible {
  public init() {}
  /// The error's kind, as the language names it.
  public var description: String { "circuitOpen" }
}

/// A circuit breaker shared by every subscription that goes through `circuitBreaker(_:)`.
///
/// Choices, where the pattern leaves room:
/// - Failures are counted per error event: every error adds one, every value or completion
///   resets the count to zero, so a stream that emits and then fails counts one failure.
/// - The state changes before the event that caused it goes downstream, so a `retry` below
///   the breaker that resubscribes on the tripping error is already refused.
/// - The reset timeout starts when the circuit opens and runs on the breaker's scheduler;
///   `states` shows `halfOpen` at that moment, even if nobody subscribes.
/// - While half-open, the first subscription is the trial; others are refused until its
///   first value or completion (closed) or error (open again, with a new timeout). A trial
///   disposed before any outcome frees the slot and the circuit stays half-open.
/// - Events of subscriptions made before the circuit opened do not change its state while
///   it is open or half-open.
///
///     let breaker = CircuitBreaker(failureThreshold: 3, resetTimeout: .seconds(30), scheduler: s)
///     weather.circuitBreaker(breaker)  // ###X… (X: refused at once while open)
public final class CircuitBreaker {
  public let failureThreshold: Int
  public let resetTimeout: Time
  public let scheduler: any Scheduler
  public private(set) var state: CircuitState = .closed
  /// Errors since the last value or completion, while closed.
  public private(set) var consecutiveFailures = 0
  private var trialInFlight = false
  private var resetTimer: (any Disposable)?
  private var watchers: [Int: Observer<CircuitState>] = [:]
  private var nextWatcher = 0

  /// A threshold below 1 counts as 1.
  public init(failureThreshold: Int = 5, resetTimeout: Time = .seconds(30), scheduler: any Scheduler) {
    self.failureThreshold = max(1, failureThreshold)
    self.resetTimeout = resetTimeout
    self.scheduler = scheduler
  }

  deinit { resetTimer?.dispose() }

  /// The current state at subscription, then every change; it never completes.
  public var states: Observable<CircuitState> {
    Observable(unsafe: { observer in
      self.nextWatcher += 1
      let key = self.nextWatcher
      self.watchers[key] = observer
      observer.onNext(self.state)
      return Disposables.create { self.watchers[key] = nil }
    })
  }

  /// Decides whether a new subscription may go through.
  @usableFromInline func admit() -> CircuitAdmission {
    switch state {
    case .closed: return .pass
    case .open: return .refuse
    case .halfOpen:
      if trialInFlight { return .refuse }
      trialInFlight = true
      return .trial
    }
  }

  /// Notes a value or completion (`succeeded`) or an error of a subscription.
  @usableFromInline func record(succeeded: Bool, trial: Bool) {
    switch (state, succeeded) {
    case (.closed, true): consecutiveFailures = 0
    case (.closed, false):
      consecutiveFailures += 1
      if consecutiveFailures >= failureThreshold { open() }
    case (.halfOpen, true) where trial: close()
    case (.halfOpen, false) where trial: open()
    default: break
    }
  }

  /// Frees the trial slot of a trial disposed before any outcome.
  @usableFromInline func abandonTrial() {
    if state == .halfOpen { trialInFlight = false }
  }

  private func open() {
    trialInFlight = false
    resetTimer?.dispose()
    resetTimer = scheduler.schedule(after: resetTimeout) { [weak self] in self?.change(to: .halfOpen) }
    change(to: .open)
  }

  private func close() {
    trialInFlight = false
    consecutiveFailures = 0
    change(to: .closed)
  }

  private func change(to newState: CircuitState) {
    state = newState
    for key in watchers.keys.sorted() { watchers[key]?.onNext(newState) }
  }
}

/// What a circuit breaker says to a new subscription.
@usableFromInline enum CircuitAdmission {
  case pass, trial, refuse
}
