extension Observable {
  /// One value, then completion, both at subscription time.
  ///
  ///     just(a)  // (a|)
  @inlinable public static func just(_ element: Element) -> Observable<Element> {
    Observable(unsafe: { observer in
      observer.onNext(element)
      observer.onCompleted()
      return Disposables.empty
    })
  }
}
