extension Observable {
  /// Completes during `subscribe`, without a value.
  ///
  ///     empty()  // |
  @inlinable public static func empty() -> Observable<Element> {
    Observable(unsafe: { observer in
      observer.onCompleted()
      return Disposables.empty
    })
  }
}
