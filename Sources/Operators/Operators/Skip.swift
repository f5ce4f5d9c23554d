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
