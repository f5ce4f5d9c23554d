extension Observable {
  /// Turns every event into a value; the stream then completes, so an error no longer ends
  /// what is downstream.
  ///
  ///     a-b-#  materialize()  A-B-(E|)   (A = .next(a), E = .error)
  @inlinable public func materialize() -> Observable<Event<Element>> {
    let source = self
    return Observable<Event<Element>>(unsafe: { observer in
      let sink = MaterializeSink<Element>(observer: observer)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class MaterializeSink<Element>: Sink<Event<Element>> {
  @inlinable func on(_ event: Event<Element>) {
    forwardNext(event)
    if event.isStopEvent { forwardStop(.completed) }
  }
}
