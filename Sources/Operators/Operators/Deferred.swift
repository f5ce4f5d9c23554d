extension Observable {
  /// Calls `factory` on every subscription and subscribes to the observable it returns; an
  /// error thrown by `factory` is emitted at once.
  ///
  ///     deferred { just(clock.now) }  // each subscriber sees its own time
  @inlinable public static func deferred(
    _ factory: @escaping () throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable(unsafe: { observer in
      let source: Observable<Element>
      do {
        source = try factory()
      } catch {
        observer.onError(error)
        return Disposables.empty
      }
      return source.subscribe(observer)
    })
  }
}
