extension Observable {
  /// Gathers the latest value of every source into an array, each time one produces a
  /// value, once all have produced one. Completes once every source has completed, or when a
  /// value arrives that can never be combined because the others completed; the first error
  /// ends it. Combining no sources completes at once.
  ///
  ///     a---b---|  --1---2-|  combineLatest  --A-B-C-|  (A = [a, 1], B = [b, 1], C = [b, 2])
  @inlinable
  public static func combineLatest(_ sources: [Observable<Element>]) -> Observable<[Element]> {
    Observable<[Element]>(unsafe: { observer in
      let sink = CombineLatestCollectionSink(observer: observer, arity: sources.count)
      sink.subscribeAll(sources) { sink.onValue($0, at: $1) }
      return sink
    })
  }
}

@usableFromInline final class CombineLatestCollectionSink<Element>: CombiningSink<[Element]> {
  @usableFromInline @exclusivity(unchecked) var latest: [Element?]
  /// How many sources have produced a value.
  @usableFromInline @exclusivity(unchecked) var sourcesWithValue = 0

  @inlinable override init(observer: Observer<[Element]>, arity: Int) {
    latest = Array(repeating: nil, count: arity)
    super.init(observer: observer, arity: arity)
  }

  @inlinable func onValue(_ value: Element, at index: Int) {
    if latest[index] == nil { sourcesWithValue += 1 }
    latest[index] = value
    guard sourcesWithValue == latest.count else {
      if othersCompleted(index) { forwardStop(.completed) }
      return
    }
    forwardNext(latest.map { $0! })
  }
}
