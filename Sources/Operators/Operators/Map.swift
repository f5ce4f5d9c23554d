extension Observable {
  /// Transforms every value; an error thrown by `transform` ends the stream with it.
  ///
  ///     a-b-c|  map { $0.uppercased() }  A-B-C|
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = MapSink(observer: observer, transform: transform)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class MapSink<Element, Result>: Sink<Result> {
  @usableFromInline let transform: (Element) throws -> Result

  @inlinable init(observer: Observer<Result>, transform: @escaping (Element) throws -> Result) {
    self.transform = transform
    super.init(observer: observer)
  }

  @inlinable @inline(__always) func on(_ event: Event<Element>) {
    guard case .next(let value) = event else { return stop(event) }
    let result: Result
    do { result = try transform(value) } catch { return fail(error) }
    forwardNext(result)
  }
}
