extension Observable {
  /// Never emits and never ends.
  ///
  ///     never()  // ------
  @inlinable public static func never() -> Observable<Element> {
    Observable(unsafe: { _ in Disposables.empty })
  }
}
