extension Observable {
  /// The given values in order, then completion, all during `subscribe`.
  ///
  ///     of(a, b, c)  // (abc|)
  @inlinable public static func of(_ elements: Element...) -> Observable<Element> {
    from(elements)
  }

  /// The values of an array in order, then completion, all during `subscribe`; stops as soon
  /// as the subscription ends, so `from(big).take(1)` does not walk the whole array.
  ///
  ///     from([a, b, c])  // (abc|)
  @inlinable public static func from(_ elements: [Element]) -> Observable<Element> {
    Observable(unsafe: { observer in
      for element in elements {
        if observer.isDisposed { return Disposables.empty }
        observer.onNext(element)
      }
      if !observer.isDisposed { observer.onCompleted() }
      return Disposables.empty
    })
  }
}
