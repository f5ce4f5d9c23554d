extension Observable {
  /// Pairs the n-th value of this observable with the n-th value of `other`, through
  /// `resultSelector`. As in RxSwift, it completes once both sources have completed (values
  /// left unpaired are dropped), and the first error ends it.
  ///
  ///     a-b|  zip(-1--2--3|)  -A--B---|  (A = a1, B = b2; 3 is never paired)
  @inlinable
  public func zip<Other, Result>(
    _ other: Observable<Other>, _ resultSelector: @escaping (Element, Other) throws -> Result
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = ZipSink(observer: observer, resultSelector: resultSelector)
      sink.run(source, other)
      return sink
    })
  }
}

@usableFromInline final class ZipSink<First, Second, Result>: CombiningSink<Result> {
  @usableFromInline let resultSelector: (First, Second) throws -> Result
  @usableFromInline @exclusivity(unchecked) var firstValues = RingBuffer<First>()
  @usableFromInline @exclusivity(unchecked) var secondValues = RingBuffer<Second>()

  @inlinable init(
    observer: Observer<Result>, resultSelector: @escaping (First, Second) throws -> Result
  ) {
    self.resultSelector = resultSelector
    super.init(observer: observer, arity: 2)
  }

  @inlinable func run(_ first: Observable<First>, _ second: Observable<Second>) {
    subscribe(first, at: 0) { value in
      self.firstValues.enqueue(value)
      self.emitIfPaired()
    }
    subscribe(second, at: 1) { value in
      self.secondValues.enqueue(value)
      self.emitIfPaired()
    }
  }

  @inlinable func emitIfPaired() {
    guard !firstValues.isEmpty && !secondValues.isEmpty else { return }
    emit { try resultSelector(firstValues.dequeue()!, secondValues.dequeue()!) }
  }
}
