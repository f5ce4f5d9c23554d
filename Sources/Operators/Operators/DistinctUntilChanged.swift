extension Observable where Element: Equatable {
  /// Drops each value equal to the one passed before it.
  ///
  ///     a-a-b-a|  distinctUntilChanged()  a---b-a|
  @inlinable public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged(==)
  }
}

extension Observable {
  /// Drops each value that `areEqual` says equals the last value passed; a thrown error ends
  /// the stream with it.
  ///
  ///     1-3-2-4|  distinctUntilChanged { $0 % 2 == $1 % 2 }  1---2--|
  @inlinable public func distinctUntilChanged(
    _ areEqual: @escaping (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = DistinctUntilChangedSink(observer: observer, areEqual: areEqual)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class DistinctUntilChangedSink<Element>: Sink<Element> {
  @usableFromInline let areEqual: (Element, Element) throws -> Bool
  @usableFromInline @exclusivity(unchecked) var last: Element?

  @inlinable init(
    observer: Observer<Element>, areEqual: @escaping (Element, Element) throws -> Bool
  ) {
    self.areEqual = areEqual
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      do {
        if let last, try areEqual(last, value) { return }
        last = value
        forwardNext(value)
      } catch {
        forwardStop(.error(error))
      }
    case .error, .completed: forwardStop(event)
    }
  }
}
