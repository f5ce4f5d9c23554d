extension Observable {
  /// Resubscribes after each error once the strategy's next delay has passed on `scheduler`;
  /// when the strategy gives up, the last error is forwarded. Built on `retry(when:)`, and
  /// every subscription starts a fresh schedule from `seed`. A zero delay resubscribes at
  /// once, as `retry(n)` does.
  ///
  ///     #  retry(.delays([1s, 3s]), scheduler: s)  # at 0, 1s, 4s → error at 4s
  @inlinable
  public func retry(
    _ strategy: RetryStrategy, seed: UInt64 = 0, scheduler: any Scheduler
  ) -> Observable<Element> {
    retry(when: { errors in
      retryTriggers(errors, schedule: strategy.makeSchedule(seed: seed), scheduler: scheduler)
    })
  }
}

/// One element per error, after the schedule's delay; the error itself once it gives up.
@usableFromInline func retryTriggers(
  _ errors: Observable<any Error>, schedule: RetrySchedule, scheduler: any Scheduler
) -> Observable<Void> {
  Observable(unsafe: { observer in
    let sink = RetryTriggerSink(observer: observer, schedule: schedule, scheduler: scheduler)
    sink.setUpstream(errors.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
    return sink
  })
}

final class RetryTriggerSink: Sink<Void> {
  @exclusivity(unchecked) var schedule: RetrySchedule
  let scheduler: any Scheduler
  let timer = SerialDisposable()

  init(observer: Observer<Void>, schedule: RetrySchedule, scheduler: any Scheduler) {
    self.schedule = schedule
    self.scheduler = scheduler
    super.init(observer: observer)
  }

  func on(_ event: Event<any Error>) {
    switch event {
    case .next(let error):
      guard let delay = schedule.next() else { return forwardStop(.error(error)) }
      if delay <= .zero {
        forwardNext(())
      } else {
        timer.disposable = scheduler.schedule(after: delay) { self.forwardNext(()) }
      }
    case .error(let error): forwardStop(.error(error))
    case .completed: forwardStop(.completed)
    }
  }

  override func disposeResources() {
    timer.dispose()
  }
}
