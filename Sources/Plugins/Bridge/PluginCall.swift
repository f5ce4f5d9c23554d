import DequeModule
import Operators
import PipeDSL
import PluginHost

/// One subscription to a plugin source, on the session's clock.
///
/// Each reply is delivered `after_ms` after the previous event of the subscription (after the
/// subscription itself, for the first). A virtual clock may not run past the due time of the
/// last reply received until the next reply arrives: it is held from the subscription to the
/// first reply, released up to that reply's due time, held there again until the next one, and
/// so on to the last reply. So a simulated source times the same on every run however fast the
/// plugin answers, a request in flight (a live call, a slow plugin) stops virtual time, and a
/// stream that never ends still delivers its values as they come (`ticks | take 3` ends).
final class PluginCall: Disposable {
  private let scheduler: any Scheduler
  private let observer: Observer<Value>
  private var hold: ClockHold?
  private var subscription: PluginSubscription?
  /// The replies received and not yet delivered, in order, each with its timer: a timer
  /// delivers every reply up to its own, so replies due at the same instant keep their order
  /// on the wall clock too (whose timers due together may fire in any order). A deque: a burst
  /// of 200k replies is taken from its front one by one (an array's `removeFirst` made that
  /// quadratic).
  private var waiting: Deque<(number: Int, event: Event<Value>, timer: any Disposable)> = []
  /// When the last reply received is due: the next one is due `after_ms` later.
  private var due: Time
  /// How many replies have been received; only the latest one's delivery holds the clock.
  private var received = 0
  /// Set once the terminal reply has arrived, or the subscription is disposed.
  private var ended = false

  init(scheduler: any Scheduler, observer: Observer<Value>) {
    self.scheduler = scheduler
    self.observer = observer
    self.due = scheduler.now
  }

  /// Starts the request; returns the disposable that cancels it.
  func start(_ subscribe: (@escaping (PluginEvent) -> Bool) -> PluginSubscription) -> any Disposable {
    hold = scheduler.holdClock()
    subscription = subscribe { [weak self] event in
      guard let self else { return false }
      receive(event)
      return true
    }
    return self
  }

  /// Takes a reply; the host counts it as unconsumed (and stops reading the plugin when too
  /// many are) until it leaves `waiting`.
  private func receive(_ event: PluginEvent) {
    guard !ended else { return subscription?.consumed(1) ?? () }
    let (delivered, afterMs) = Self.translate(event)
    due = max(due, scheduler.now) + .milliseconds(Int64(max(0, afterMs)))
    received += 1
    ended = event.isTerminal
    let number = received
    let timer = scheduler.schedule(after: due - scheduler.now) { [weak self] in self?.deliver(upTo: number) }
    waiting.append((number, delivered, timer))
    releaseHold()
  }

  /// Delivers the replies up to `number`, in order. The latest reply holds the clock at its
  /// due time until the next one arrives; the hold comes first, as the delivery may dispose
  /// of the call.
  private func deliver(upTo number: Int) {
    while let first = waiting.first, first.number <= number {
      waiting.removeFirst()
      subscription?.consumed(1)
      first.timer.dispose()
      if first.number == received && !ended { hold = scheduler.holdClock() }
      observer.on(first.event)
    }
  }

  private static func translate(_ event: PluginEvent) -> (Event<Value>, afterMs: Int) {
    switch event {
    case .next(let value, let after):
      return (.next(Value(value)), after)
    case .error(let kind, let message, let status, let after, let retryAfterMs):
      let retryAfter = retryAfterMs.map { Time.milliseconds(Int64($0)) }
      return (.error(PipeError(kind: kind, message: message, status: status, retryAfter: retryAfter)), after)
    case .completed(let after):
      return (.completed, after)
    }
  }

  private func releaseHold() {
    let current = hold
    hold = nil
    current?.release()
  }

  func dispose() {
    ended = true
    let undelivered = waiting
    waiting = []
    for reply in undelivered { reply.timer.dispose() }
    subscription?.consumed(undelivered.count)
    subscription?.cancel()
    subscription = nil
    releaseHold()
  }
}
