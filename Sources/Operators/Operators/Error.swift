extension Observable {
  /// Fails with `error` during `subscribe`, without a value.
  ///
  ///     error(e)  // #
  @inlinable public static func error(_ error: any Error) -> Observable<Element> {
    Observable(unsafe: { observer in
      observer.onError(error)
      return Disposables.empty
    })
  }
}
