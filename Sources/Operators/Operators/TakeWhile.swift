extension Observable {
  /// Passes values while `predicate` holds; completes at the first value for which it does
  /// not (that value is dropped). A thrown error ends the stream with it.
  ///
  ///     1-2-5-1|  take { $0 < 3 }  1-2-|
  @inlinable
  public func take(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = TakeWhileSink(observer: observer, predicate: predicate)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class TakeWhileSink<Element>: Sink<Element> {
  @usableFromInline let predicate: (Element) throws -> Bool

  @inlinable init(observer: Observer<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.predicate = predicate
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      do {
        if try predicate(value) {
          forwardNext(value)
        } else {
          forwardStop(.completed)
        }
      } catch {
        forwardStop(.error(error))
      }
    case .error, .completed: forwardStop(event)
    }
  }
}
