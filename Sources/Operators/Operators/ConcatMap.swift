extension Observable {
  /// Maps every value to an inner observable and plays the inners one after another: values
  /// arriving while an inner plays wait their turn (`selector` is called on arrival).
  /// Completes once the source and every inner have completed; the first error ends it.
  ///
  ///     ab|  concatMap { x in x-x| }  a-ab-b|
  @inlinable
  public func concatMap<Result>(
    _ selector: @escaping (Element) throws -> Observable<Result>
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = ConcatMapSink(observer: observer, selector: selector)
      sink.subscribeOuter(source) { sink.on($0) }
      return sink
    })
  }
}

@usableFromInline final class ConcatMapSink<Element, Result>: SerialSink<Result> {
  @usableFromInline let selector: (Element) throws -> Observable<Result>
  @usableFromInline @exclusivity(unchecked) var playing = false
  @usableFromInline @exclusivity(unchecked) var sourceCompleted = false

  @inlinable init(
    observer: Observer<Result>, selector: @escaping (Element) throws -> Observable<Result>
  ) {
    self.selector = selector
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    switch event {
    case .next(let value):
      do {
        waiting.enqueue(try selector(value))
      } catch {
        return forwardStop(.error(error))
      }
      if !playing {
        playing = true
        playNext()
      }
    case .error(let error): forwardStop(.error(error))
    case .completed:
      sourceCompleted = true
      if playing { upstream?.dispose() } else { forwardStop(.completed) }
    }
  }

  @inlinable override var releasesCompletedSource: Bool { true }

  @inlinable override var playsWaiting: Bool { true }

  @inlinable override func sourcesExhausted() {
    playing = false
    if sourceCompleted { forwardStop(.completed) }
  }

  @inlinable override func disposeResources() {
    super.disposeResources()
    waiting.removeAll()
  }
}
