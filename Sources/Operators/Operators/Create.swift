extension Observable {
  /// A source from a subscribe function, protected against misbehaviour: events after a
  /// stop event are dropped, and the subscription is released when the stream ends.
  ///
  ///     Observable<Int>.create { o in o.onNext(1); o.onCompleted(); return Disposables.empty }
  ///     // (1|)
  @inlinable
  public static func create(
    _ subscribe: @escaping (Observer<Element>) -> any Disposable
  ) -> Observable<Element> {
    Observable(unsafe: { observer in
      let sink = CreateSink(observer: observer)
      sink.setUpstream(subscribe(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class CreateSink<Element>: Sink<Element> {
  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error, .completed: forwardStop(event)
    }
  }
}
