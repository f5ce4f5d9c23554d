extension Observable {
  /// Resubscribes after every error, forever; values of failed attempts stay delivered.
  ///
  ///     a-#  retry()  a-a-a-a-…
  @inlinable public func retry() -> Observable<Element> {
    retrying(attempts: nil)
  }

  /// Subscribes at most `maxAttempts` times IN TOTAL (RxSwift's meaning, not Combine's):
  /// `retry(3)` with three failures still fails with the last error, and `retry(0)` completes
  /// at once without subscribing. A negative count counts as 0.
  ///
  ///     a-#  retry(3)  a-a-a-#
  @inlinable public func retry(_ maxAttempts: Int) -> Observable<Element> {
    retrying(attempts: Swift.max(0, maxAttempts))
  }

  @inlinable func retrying(attempts: Int?) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = RetrySink(observer: observer, source: source, attempts: attempts)
      sink.start()
      return sink
    })
  }
}

@usableFromInline final class RetrySink<Element>: ResubscribingSink<Element> {
  /// Subscriptions still allowed; nil means no limit.
  @usableFromInline @exclusivity(unchecked) var attemptsLeft: Int?

  @inlinable init(observer: Observer<Element>, source: Observable<Element>, attempts: Int?) {
    self.attemptsLeft = attempts
    super.init(observer: observer, source: source, unbounded: attempts == nil)
  }

  @inlinable func start() {
    if attemptsLeft == 0 {
      forwardStop(.completed)
    } else {
      subscribeNext(inSubscription: true)
    }
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .completed: forwardStop(event)
    case .error:
      if attemptsLeft == 0 {
        forwardStop(event)
      } else {
        subscribeNext()
      }
    }
  }

  /// `inSubscription`: called from the operator's subscribe function (see `subscribeAgain`).
  @inlinable @inline(__always) func subscribeNext(inSubscription: Bool = false) {
    if let left = attemptsLeft { attemptsLeft = left - 1 }
    // A value goes on from here, as it came (see `catch`).
    subscribeAgain(inSubscription: inSubscription) {
      if case .next = $0 { self.forward($0) } else { self.on($0) }
    }
  }
}
