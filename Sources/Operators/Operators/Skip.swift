extension Observable {
  /// Drops the first `count` values and passes the rest.
  ///
  ///     a-b-c-d|  skip(2)  ----c-d|
  @inlinable public func skip(_ count: Int) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = SkipSink(observer: observer, count: count)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class SkipSink<Element>: Sink<Element> {
  @usableFromInline @exclusivity(unchecked) var remaining: Int

  @inlinable init(observer: Observer<Element>, count: Int) {
    self.remaining = count
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      if remaining > 0 {
        remaining -= 1
      } else {
        forwardNext(value)
      }
    case .error, .completed: forwardStop(event)
    }
  }
}

extension Observable {
  /// Drops the values that come within `duration` of the subscription and passes the rest
  /// (RxSwift's `skip(for:scheduler:)`). The timer is scheduled before the source is
  /// subscribed, so a value due at the very end of the duration passes.
  ///
  ///     a-b-c-d|  skip(for: 3)  ---c-d|
  @inlinable public func skip(for duration: Time, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = SkipForSink(observer: observer, scheduler: scheduler)
      sink.startTimer(after: duration) { sink.open = true }
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class SkipForSink<Element>: TimedSink<Element> {
  @usableFromInline @exclusivity(unchecked) var open = false

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: if open { forward(event) }
    case .error, .completed: forwardStop(event)
    }
  }
}
