extension Observable {
  /// Emits a value at once if `dueTime` has passed since the last emission; otherwise drops
  /// it, or with `latest` keeps the newest one and emits it when the window closes.
  ///
  /// Completion waits for a kept value to be emitted; an error is passed on at once.
  ///
  ///     a-b-c---d|  throttle(4)                 a---c---d|
  ///     a-b-c---d|  throttle(4, latest: false)  a-------d|
  @inlinable public func throttle(
    _ dueTime: Time, latest: Bool = true, scheduler: any Scheduler
  ) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = ThrottleSink(
        observer: observer, dueTime: dueTime, latest: latest, scheduler: scheduler)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class ThrottleSink<Element>: TimedSink<Element> {
  @usableFromInline let dueTime: Time
  @usableFromInline let latest: Bool
  @usableFromInline @exclusivity(unchecked) var kept: Element?
  @usableFromInline @exclusivity(unchecked) var lastSent: Time?
  @usableFromInline @exclusivity(unchecked) var completed = false

  @inlinable init(
    observer: Observer<Element>, dueTime: Time, latest: Bool, scheduler: any Scheduler
  ) {
    self.dueTime = dueTime
    self.latest = latest
    super.init(observer: observer, scheduler: scheduler)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    switch event {
    case .next(let value): receive(value)
    case .error:
      kept = nil
      forwardStop(event)
    case .completed:
      if kept != nil { completed = true } else { forwardStop(event) }
    }
  }

  @inlinable func receive(_ value: Element) {
    let wait = lastSent.map { dueTime - (scheduler.now - $0) } ?? .zero
    if wait <= .zero { return send(value) }
    guard latest else { return }
    let alreadyKept = kept != nil
    kept = value
    if alreadyKept { return }
    startTimer(after: wait) { self.windowClosed() }
  }

  @inlinable func send(_ value: Element) {
    kept = nil
    forwardNext(value)
    lastSent = scheduler.now
  }

  @inlinable func windowClosed() {
    if let value = kept { send(value) }
    if completed { forwardStop(.completed) }
  }

  @inlinable override func disposeResources() {
    super.disposeResources()
    kept = nil
  }
}
