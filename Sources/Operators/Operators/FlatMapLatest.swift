extension Observable {
  /// Maps every value to an inner observable and passes on the values of the latest inner
  /// only: each new value disposes the previous inner. Completes once the source and the
  /// latest inner have completed; the first error ends it.
  ///
  ///     a-b|  flatMapLatest { x in x--x| }  a-b--b|
  @inlinable
  public func flatMapLatest<Result>(
    _ selector: @escaping (Element) throws -> Observable<Result>
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(unsafe: { observer in
      let sink = FlatMapLatestSink(observer: observer, selector: selector)
      sink.subscribeOuter(source) { sink.on($0) }
      return sink
    })
  }
}

@usableFromInline final class FlatMapLatestSink<Element, Result>: Sink<Result> {
  @usableFromInline let selector: (Element) throws -> Observable<Result>
  @usableFromInline let inner = SerialDisposable()
  /// Numbers the inners, so a late event of a replaced one is recognised and dropped.
  @usableFromInline @exclusivity(unchecked) var latest = 0
  @usableFromInline @exclusivity(unchecked) var innerActive = false
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
      let next: Observable<Result>
      do { next = try selector(value) } catch { return forwardStop(.error(error)) }
      switchTo(next)
    case .error(let error): forwardStop(.error(error))
    case .completed:
      sourceCompleted = true
      upstream?.dispose()
      if !innerActive { forwardStop(.completed) }
    }
  }

  @inlinable func switchTo(_ source: Observable<Result>) {
    innerActive = true
    latest &+= 1
    let id = latest
    let subscription = InnerSubscription(parent: self)
    inner.disposable = subscription
    subscription.subscribe(source) { self.onInner($0, id) }
  }

  @inlinable func onInner(_ event: Event<Result>, _ id: Int) {
    guard id == latest else { return }
    switch event {
    case .next: forward(event)
    case .error: forwardStop(event)
    case .completed:
      inner.disposable = nil
      innerActive = false
      if sourceCompleted { forwardStop(.completed) }
    }
  }

  @inlinable override func disposeResources() { inner.dispose() }
}
