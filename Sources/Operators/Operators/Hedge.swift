extension Observable {
  /// Hedging, as Polly v8's hedging strategy in its latency mode: subscribes the source, and
  /// while no attempt has answered, subscribes it again `delay` after the latest attempt
  /// started, up to `maxHedged` attempts besides the first (Polly's `MaxHedgedAttempts`).
  /// The first attempt to answer (a value or a completion) wins: its events go downstream and
  /// every other attempt is disposed at that moment.
  ///
  /// Errors, as Polly handles a failed outcome: an attempt's error is not forwarded while
  /// attempts may still answer. It starts the next attempt at once, when one is left; once
  /// every attempt has been started and has failed, the last error is forwarded.
  ///
  ///     attempts ---------a|  and  --b|
  ///     hedge(after: 3, max: 1)   -----b|   (the second, started at 3, answers at 5)
  public func hedge(after delay: Time, maxHedged: Int, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    let total = Swift.max(0, maxHedged) + 1
    return Observable(unsafe: { observer in
      let sink = HedgeSink(
        observer: observer, source: source, total: total, delay: delay, scheduler: scheduler)
      sink.start()
      return sink
    })
  }
}

final class HedgeSink<Element>: Sink<Element> {
  let source: Observable<Element>
  let total: Int
  let delay: Time
  let scheduler: any Scheduler
  let timer = SerialDisposable()
  /// The attempts started and not yet failed, by number (from 1).
  var running: [Int: InnerSubscription] = [:]
  var started = 0
  var winner: Int?

  init(
    observer: Observer<Element>, source: Observable<Element>, total: Int, delay: Time,
    scheduler: any Scheduler
  ) {
    self.source = source
    self.total = total
    self.delay = delay
    self.scheduler = scheduler
    super.init(observer: observer)
  }

  /// Starts the next attempt, then the timer of the one after it.
  func start() {
    guard !isDisposed, winner == nil, started < total else { return }
    started += 1
    let number = started
    let attempt = InnerSubscription(parent: self)
    running[number] = attempt
    attempt.subscribe(source) { self.on($0, attempt: number) }
    guard !isDisposed, winner == nil, started < total, running[number] != nil else { return }
    timer.disposable = scheduler.schedule(after: delay) { self.start() }
  }

  func on(_ event: Event<Element>, attempt number: Int) {
    guard !disposed else { return }
    if let winner {
      if winner == number { winning(event) }
      return
    }
    switch event {
    case .next, .completed:
      winner = number
      timer.dispose()
      for (other, subscription) in running where other != number { subscription.dispose() }
      running = running.filter { $0.key == number }
      winning(event)
    case .error:
      running[number]?.dispose()
      running[number] = nil
      if started < total {
        timer.disposable = nil
        start()
      } else if running.isEmpty {
        forwardStop(event)
      }
    }
  }

  private func winning(_ event: Event<Element>) {
    if event.isStopEvent { forwardStop(event) } else { forward(event) }
  }

  override func disposeResources() {
    timer.dispose()
    for subscription in running.values { subscription.dispose() }
    running = [:]
  }
}
