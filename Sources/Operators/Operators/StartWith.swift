extension Observable {
  /// Emits `elements` during `subscribe`, then subscribes upstream and passes its events.
  ///
  /// Unlike RxSwift, it does not subscribe upstream if the subscription already ended while
  /// the prefix was emitted (`startWith(0).take(1)` never starts the source).
  ///
  ///     ----a-b|  startWith(x, y)  (xy)a-b|
  @inlinable public func startWith(_ elements: Element...) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      for element in elements {
        if observer.isDisposed { return Disposables.empty }
        observer.onNext(element)
      }
      if observer.isDisposed { return Disposables.empty }
      return source.subscribe(observer)
    })
  }
}
