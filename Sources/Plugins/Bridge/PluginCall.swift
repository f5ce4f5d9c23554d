import Operators
import PipeDSL
import PluginHost

/// One subscription to a plugin source: holds the virtual clock until the last reply and
/// delivers each reply `after_ms` after the previous one on the session's clock.
final class PluginCall: Disposable {
  private let scheduler: any Scheduler
  private let observer: Observer<Value>
  private var hold: ClockHold?
  private var subscription: PluginSubscription?
  private var timers = CompositeDisposable()
  private var due: Time

  init(scheduler: any Scheduler, observer: Observer<Value>) {
    self.scheduler = scheduler
    self.observer = observer
    self.due = scheduler.now
  }

  /// Starts the request; returns the disposable that cancels it.
  func start(_ subscribe: (@escaping (PluginEvent) -> Void) -> PluginSubscription) -> any Disposable {
    hold = scheduler.holdClock()
    subscription = subscribe { [weak self] event in self?.receive(event) }
    return self
  }

  private func receive(_ event: PluginEvent) {
    let delivered: Event<Value>
    let afterMs: Int
    switch event {
    case .next(let value, let after):
      delivered = .next(Value(value))
      afterMs = after
    case .error(let kind, let message, let status, let after):
      delivered = .error(PipeError(kind: kind, message: message, status: status))
      afterMs = after
    case .completed(let after):
      delivered = .completed
      afterMs = after
    }
    due = max(due, scheduler.now) + .milliseconds(Int64(max(0, afterMs)))
    let observer = self.observer
    timers.insert(scheduler.schedule(after: due - scheduler.now) { observer.on(delivered) })
    if event.isTerminal { releaseHold() }
  }

  private func releaseHold() {
    let current = hold
    hold = nil
    current?.release()
  }

  func dispose() {
    subscription?.cancel()
    subscription = nil
    timers.dispose()
    releaseHold()
  }
}
