extension Observable {
  /// The first `count` values, then completion; `take(0)` completes at once without
  /// subscribing upstream, as in RxSwift.
  ///
  ///     a-b-c-d|  take(2)  a-(b|)
  @inlinable public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "take: count can't be negative")
    if count == 0 { return .empty() }
    let source = self
    return Observable(unsafe: { observer in
      let sink = TakeSink(observer: observer, count: count)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class TakeSink<Element>: Sink<Element> {
  @usableFromInline @exclusivity(unchecked) var remaining: Int

  @inlinable init(observer: Observer<Element>, count: Int) {
    self.remaining = count
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      guard remaining > 0 else { return }
      remaining -= 1
      forwardNext(value)
      if remaining == 0 { forwardStop(.completed) }
    case .error, .completed: forwardStop(event)
    }
  }
}

extension Observable {
  /// Passes values for `duration` from the subscription, then completes and disposes the
  /// upstream (RxSwift's `take(for:scheduler:)`). The timer is scheduled before the source is
  /// subscribed, so a value due at the very end of the duration comes after the completion.
  ///
  ///     a-b-c-d|  take(for: 3)  a-b(|)
  @inlinable public func take(for duration: Time, scheduler: any Scheduler) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = TakeForSink(observer: observer, scheduler: scheduler)
      sink.startTimer(after: duration) { sink.forwardStop(.completed) }
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class TakeForSink<Element>: TimedSink<Element> {
  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error, .completed: forwardStop(event)
    }
  }
}
