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
