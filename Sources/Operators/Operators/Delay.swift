extension Observable {
  /// Shifts every value and the completion later by `dueTime`; an error is passed on at once
  /// and the values still waiting are dropped, as in RxSwift 6.
  ///
  /// Upstream is released as soon as it ends, not when its delayed completion is emitted.
  ///
  ///     a-b-|  delay(2)  --a-b-|
  ///     a-b-#  delay(2)  --a-#
  @inlinable
  public func delay(_ dueTime: Time, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = DelaySink(observer: observer, dueTime: dueTime, scheduler: scheduler)
      let subscription = SingleAssignmentDisposable()
      sink.setUpstream(subscription)
      subscription.setDisposable(source.subscribe(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class DelaySink<Element>: TimedSink<Element> {
  @usableFromInline let dueTime: Time
  /// Events waiting, with the time each arrived; `head` is the first one not yet emitted.
  @usableFromInline @exclusivity(unchecked) var queue: [(time: Time, event: Event<Element>)] = []
  @usableFromInline @exclusivity(unchecked) var head = 0
  /// True while an event is being emitted: an error arriving then waits until it returns.
  @usableFromInline @exclusivity(unchecked) var emitting = false
  @usableFromInline @exclusivity(unchecked) var pendingError: (any Error)?

  @inlinable init(observer: Observer<Element>, dueTime: Time, scheduler: any Scheduler) {
    self.dueTime = dueTime
    super.init(observer: observer, scheduler: scheduler)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    if event.isStopEvent { releaseUpstream() }
    if case .error(let error) = event {
      queue = []
      head = 0
      if emitting { pendingError = error } else { forwardStop(event) }
      return
    }
    queue.append((scheduler.now, event))
    // `timer` is nil exactly while no drain is scheduled or running.
    if timer == nil { drain(after: dueTime) }
  }

  @inlinable func releaseUpstream() {
    let old = upstream
    upstream = nil
    old?.dispose()
  }

  @inlinable func drain(after delay: Time) {
    startTimer(after: delay) { self.emitFirst() }
  }

  /// Emits the oldest waiting event, then schedules the next one, one event per run as in
  /// RxSwift (events due together each get their own scheduled run).
  @inlinable func emitFirst() {
    let event = queue[head].event
    head += 1
    emitting = true
    if event.isStopEvent { forwardStop(event) } else { forward(event) }
    emitting = false
    if let pendingError { return forwardStop(.error(pendingError)) }
    guard !disposed else { return }
    if head < queue.count {
      drain(after: queue[head].time + dueTime - scheduler.now)
      compact()
    } else {
      queue.removeAll(keepingCapacity: true)
      head = 0
      timer = nil
    }
  }

  /// Drops emitted events from the front once they are the larger part of the array.
  @inlinable func compact() {
    if head >= 32 && head * 2 >= queue.count {
      queue.removeFirst(head)
      head = 0
    }
  }

  @inlinable override func disposeResources() {
    super.disposeResources()
    queue = []
  }
}
