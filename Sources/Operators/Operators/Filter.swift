extension Observable {
  /// Keeps the values for which `predicate` is true; a thrown error ends the stream.
  ///
  ///     1-2-3-4|  filter { $0 % 2 == 0 }  --2---4|
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { FilterSink.subscribe(source, $0, predicate) })
  }
}

@usableFromInline final class FilterSink<Element>: Sink<Element> {
  @usableFromInline let predicate: (Element) throws -> Bool

  @inlinable init(observer: Observer<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.predicate = predicate
    super.init(observer: observer)
  }

  /// Subscribes a new sink to `source`. Never inlined (but specialised), so that a chain
  /// subscribed in several places makes its per-value closure in one: the closure is then
  /// called directly, without a forwarding thunk per place (OperatorsBenchmark a).
  @inlinable @inline(never) static func subscribe(
    _ source: Observable<Element>, _ observer: Observer<Element>,
    _ predicate: @escaping (Element) throws -> Bool
  ) -> any Disposable {
    let sink = FilterSink(observer: observer, predicate: predicate)
    sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
    return sink
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    guard case .next(let value) = event else { return stop(event) }
    let passes: Bool
    do { passes = try predicate(value) } catch { return fail(error) }
    if passes { forwardNext(value) }
  }
}
