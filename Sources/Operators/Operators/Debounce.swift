extension Observable {
  /// Emits a value only once `dueTime` has passed without a newer one; completion emits the
  /// value still waiting first, an error drops it.
  ///
  ///     a-b----c|  debounce(2)  ----b---(c|)
  @inlinable
  public func debounce(_ dueTime: Time, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = DebounceSink(observer: observer, dueTime: dueTime, scheduler: scheduler)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class DebounceSink<Element>: TimedSink<Element> {
  @usableFromInline let dueTime: Time
  @usableFromInline @exclusivity(unchecked) var waiting: Element?

  @inlinable init(observer: Observer<Element>, dueTime: Time, scheduler: any Scheduler) {
    self.dueTime = dueTime
    super.init(observer: observer, scheduler: scheduler)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    switch event {
    case .next(let value):
      waiting = value
      startTimer(after: dueTime) { self.emitWaiting() }
    case .error:
      waiting = nil
      forwardStop(event)
    case .completed:
      emitWaiting()
      forwardStop(event)
    }
  }

  @inlinable func emitWaiting() {
    guard let value = waiting else { return }
    waiting = nil
    forwardNext(value)
  }

  @inlinable override func disposeResources() {
    super.disposeResources()
    waiting = nil
  }
}
