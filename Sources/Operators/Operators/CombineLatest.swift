extension Observable {
  /// Combines the latest values of this observable and `other` through `resultSelector`,
  /// each time either produces one, once both have produced one. Completes once both have
  /// completed, or when a value arrives that can never be combined because the other source
  /// completed without a value; the first error ends it.
  ///
  ///     a---b---|  combineLatest(--1---2-|)  --A-B-C-|  (A = a1, B = b1, C = b2)
  @inlinable
  public func combineLatest<Other, Result>(
    _ other: Observable<Other>, _ resultSelector: @escaping (Element, Other) throws -> Result
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = CombineLatestSink(observer: observer, resultSelector: resultSelector)
      sink.run(source, other)
      return sink
    })
  }
}

@usableFromInline final class CombineLatestSink<First, Second, Result>: CombiningSink<Result> {
  @usableFromInline let resultSelector: (First, Second) throws -> Result
  @usableFromInline @exclusivity(unchecked) var first: First?
  @usableFromInline @exclusivity(unchecked) var second: Second?

  @inlinable init(
    observer: Observer<Result>, resultSelector: @escaping (First, Second) throws -> Result
  ) {
    self.resultSelector = resultSelector
    super.init(observer: observer, arity: 2)
  }

  @inlinable func run(_ first: Observable<First>, _ second: Observable<Second>) {
    subscribe(first, at: 0) { value in
      self.first = value
      self.emitLatest(after: 0)
    }
    subscribe(second, at: 1) { value in
      self.second = value
      self.emitLatest(after: 1)
    }
  }

  @inlinable func emitLatest(after index: Int) {
    guard let first, let second else {
      if othersCompleted(index) { forwardStop(.completed) }
      return
    }
    emit { try resultSelector(first, second) }
  }
}
