extension Observable {
  /// Maps every value to an inner observable and merges the values of all inners as they
  /// come; completes once the source and every inner have completed. The first error, from
  /// the source, an inner or `selector`, ends the stream and disposes everything else.
  ///
  ///     ab|  flatMap { x in x-x| }  abab|
  @inlinable
  public func flatMap<Result>(
    _ selector: @escaping (Element) throws -> Observable<Result>
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = MergeSink(observer: observer, selector: selector)
      sink.subscribeOuter(source) { sink.on($0) }
      return sink
    })
  }
}

/// Merges inner observables: the sink of `flatMap` and `merge`.
@usableFromInline final class MergeSink<Element, Result>: Sink<Result> {
  @usableFromInline let selector: (Element) throws -> Observable<Result>
  @usableFromInline let inners = CompositeDisposable()
  @usableFromInline @exclusivity(unchecked) var activeInners = 0
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
        subscribeInner(try selector(value))
      } catch {
        forwardStop(.error(error))
      }
    case .error(let error): forwardStop(.error(error))
    case .completed:
      sourceCompleted = true
      upstream?.dispose()
      completeIfDone()
    }
  }

  @inlinable func subscribeInner(_ source: Observable<Result>) {
    let inner = InnerSubscription(parent: self)
    guard let key = inners.insert(inner) else { return }
    activeInners += 1
    inner.subscribe(source) { self.onInner($0, key) }
  }

  @inlinable func onInner(_ event: Event<Result>, _ key: CompositeDisposable.Key) {
    switch event {
    case .next: forward(event)
    case .error: forwardStop(event)
    case .completed:
      inners.remove(for: key)
      activeInners -= 1
      completeIfDone()
    }
  }

  @inlinable func completeIfDone() {
    if sourceCompleted && activeInners == 0 { forwardStop(.completed) }
  }

  @inlinable override func disposeResources() { inners.dispose() }
}
