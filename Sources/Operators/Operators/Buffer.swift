extension Observable {
  /// Collects values into arrays of `count`, emitting each array when full.
  ///
  /// As RxSwift's `buffer(timeSpan:count:)` with a time span that never elapses: completion
  /// emits what was collected, even when that is empty, and then completes; an error drops
  /// what was collected and is passed on at once.
  ///
  ///     a-b-c-d-e|  buffer(count: 2)  --A---B--(C|)  (A = [a, b], B = [c, d], C = [e])
  @inlinable public func buffer(count: Int) -> Observable<[Element]> {
    precondition(count > 0, "buffer: count must be positive")
    let source = self
    return Observable<[Element]>(unsafe: { observer in
      let sink = BufferSink(observer: observer, count: count)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class BufferSink<Element>: Sink<[Element]> {
  @usableFromInline let count: Int
  @usableFromInline @exclusivity(unchecked) var buffer: [Element] = []

  @inlinable init(observer: Observer<[Element]>, count: Int) {
    self.count = count
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      buffer.append(value)
      if buffer.count == count { forwardNext(take()) }
    case .error(let error):
      buffer = []
      forwardStop(.error(error))
    case .completed:
      forwardNext(take())
      forwardStop(.completed)
    }
  }

  @inlinable func take() -> [Element] {
    let full = buffer
    buffer = []
    return full
  }
}
