extension Observable {
  /// Turns values that are events back into events: the inverse of `materialize`.
  ///
  ///     A-B-(E|)  dematerialize()  a-b-#   (A = .next(a), E = .error)
  @inlinable public func dematerialize<Value>() -> Observable<Value> where Element == Event<Value> {
    let source = self
    return Observable<Value>(unsafe: { observer in
      let sink = DematerializeSink<Value>(observer: observer)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class DematerializeSink<Value>: Sink<Value> {
  @inlinable func on(_ event: Event<Event<Value>>) {
    switch event {
    case .next(.next(let value)): forwardNext(value)
    case .next(.error(let error)), .error(let error): forwardStop(.error(error))
    case .next(.completed), .completed: forwardStop(.completed)
    }
  }
}
