extension Observable {
  /// Emits each intermediate result of folding the values into `seed`.
  ///
  ///     1-2-3|  scan(0, +)  1-3-6|
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, _ accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    let source = self
    return Observable<Accumulate>(unsafe: {
      ScanSink.subscribe(source, $0, seed, accumulator)
    })
  }
}

@usableFromInline final class ScanSink<Element, Accumulate>: Sink<Accumulate> {
  @usableFromInline @exclusivity(unchecked) var accumulate: Accumulate
  @usableFromInline let accumulator: (Accumulate, Element) throws -> Accumulate

  @inlinable init(
    observer: Observer<Accumulate>, seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) {
    self.accumulate = seed
    self.accumulator = accumulator
    super.init(observer: observer)
  }

  /// Subscribes a new sink to `source`; never inlined, as `FilterSink.subscribe`.
  @inlinable @inline(never) static func subscribe(
    _ source: Observable<Element>, _ observer: Observer<Accumulate>, _ seed: Accumulate,
    _ accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> any Disposable {
    let sink = ScanSink(observer: observer, seed: seed, accumulator: accumulator)
    sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
    return sink
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    guard case .next(let value) = event else { return stop(event) }
    do { accumulate = try accumulator(accumulate, value) } catch { return fail(error) }
    forwardNext(accumulate)
  }
}
