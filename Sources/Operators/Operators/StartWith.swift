extension Observable {
  /// Emits `elements` during `subscribe`, then subscribes upstream and passes its events.
  ///
  /// As RxSwift's, it emits the whole prefix and subscribes upstream even if the subscription
  /// already ended (while the prefix was emitted, or before, as when zip's first side failed):
  /// `just(1).startWith(8).take(1)` is `(8|)` and still subscribes `just(1)` once, after the
  /// end (whatever upstream emits then goes nowhere, but a flatMap below still subscribes).
  ///
  ///     ----a-b|  startWith(x, y)  (xy)a-b|
  @inlinable public func startWith(_ elements: Element...) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      for element in elements { observer.onNext(element) }
      return source.subscribe(observer)
    })
  }
}
