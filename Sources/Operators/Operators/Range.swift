extension Observable where Element == Int {
  /// `count` consecutive integers from `start`, then completion, all during `subscribe`.
  ///
  /// The loop checks the subscription between values, so
  /// `range(start: 0, count: 1_000_000_000).take(3)` returns at once.
  ///
  ///     range(start: 1, count: 3)  // (123|)
  @inlinable public static func range(start: Int, count: Int) -> Observable<Int> {
    precondition(count >= 0, "range: count can't be negative")
    precondition(count == 0 || start <= Int.max - (count - 1), "range: start + count overflows")
    return Observable(unsafe: { observer in
      for offset in 0..<count {
        if observer.isDisposed { return Disposables.empty }
        observer.onNext(start &+ offset)
      }
      if !observer.isDisposed { observer.onCompleted() }
      return Disposables.empty
    })
  }
}
