extension Observable {
  /// Passes on the values of all `sources` as they come; completes once every source has
  /// completed, and ends at the first error, disposing the other sources.
  ///
  ///     a-b--c|
  ///     -x--y|   merge  axb-yc|
  @inlinable
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable(unsafe: { observer in
      let sink = MergeSink<Observable<Element>, Element>(observer: observer, selector: { $0 })
      sink.run(sources)
      return sink
    })
  }

  /// Passes on the values of this observable and `other` as they come.
  ///
  ///     a-b--c|  merge(with: -x--y|)  axb-yc|
  @inlinable
  public func merge(with other: Observable<Element>) -> Observable<Element> {
    Observable.merge([self, other])
  }
}

extension MergeSink {
  /// Subscribes to every source in order, then completes once they all have.
  @inlinable func run(_ sources: [Observable<Result>]) {
    for source in sources where !disposed { subscribeInner(source) }
    sourceCompleted = true
    completeIfDone()
  }
}
