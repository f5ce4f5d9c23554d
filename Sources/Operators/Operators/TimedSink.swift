/// A sink that owns at most one pending timer on its scheduler: starting a new one cancels
/// the old, and ending the subscription cancels whatever is pending, so no scheduled action
/// outlives the subscription. Shared by `timer`, `delay`, `debounce`, `throttle`, `take(for:)`,
/// `skip(for:)` and `buffer(timeSpan:count:)`.
@usableFromInline class TimedSink<Element>: Sink<Element> {
  @usableFromInline final let scheduler: any Scheduler
  @usableFromInline @exclusivity(unchecked) final var timer: (any Disposable)?

  @inlinable init(observer: Observer<Element>, scheduler: any Scheduler) {
    self.scheduler = scheduler
    super.init(observer: observer)
  }

  /// Runs `action` once `delay` has passed, replacing (and cancelling) the pending timer.
  @inlinable final func startTimer(after delay: Time, _ action: @escaping () -> Void) {
    timer?.dispose()
    timer = scheduler.schedule(after: max(delay, .zero), action)
  }

  /// Cancels the pending timer, if any.
  @inlinable final func cancelTimer() {
    timer?.dispose()
    timer = nil
  }

  @inlinable override func disposeResources() { cancelTimer() }
}
