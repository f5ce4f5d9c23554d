extension Observable {
  /// Pairs every value with its index, counting from 0.
  ///
  ///     a-b-c|  enumerated()  A-B-C|  (A = (0, a), B = (1, b), C = (2, c))
  @inlinable public func enumerated() -> Observable<(index: Int, element: Element)> {
    let source = self
    return Observable<(index: Int, element: Element)>(unsafe: { observer in
      let sink = EnumeratedSink(observer: observer)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class EnumeratedSink<Element>: Sink<(index: Int, element: Element)> {
  @usableFromInline @exclusivity(unchecked) var index = 0

  @inlinable override init(observer: Observer<(index: Int, element: Element)>) {
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      let current = index
      index &+= 1
      forwardNext((current, value))
    case .error(let error): forwardStop(.error(error))
    case .completed: forwardStop(.completed)
    }
  }
}
