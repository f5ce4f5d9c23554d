extension Observable {
  /// Calls `factory` on every subscription and subscribes to the observable it returns; an
  /// error thrown by `factory` is emitted at once.
  ///
  ///     deferred { just(clock.now) }  // subscribed at 2: (2|); subscribed at 5: (5|)
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
