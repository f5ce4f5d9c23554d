/// The sink of the operators that combine several sources (`zip`, `combineLatest`): one
/// subscription per source, and which sources have completed.
///
/// An error from any source ends the stream and disposes every source. A source that
/// completes is disposed at once; the stream completes when the last one does, or earlier
/// when a subclass sees that nothing more can be produced.
@usableFromInline class CombiningSink<Result>: Sink<Result> {
  @usableFromInline @exclusivity(unchecked) final var subscriptions: [InnerSubscription] = []
  @usableFromInline @exclusivity(unchecked) final var completed: [Bool]
  @usableFromInline @exclusivity(unchecked) final var completedCount = 0

  @inlinable init(observer: Observer<Result>, arity: Int) {
    completed = Array(repeating: false, count: arity)
    super.init(observer: observer)
    subscriptions = (0..<arity).map { _ in InnerSubscription(parent: self) }
    setUpstream(CompositeDisposable(subscriptions))
  }

  /// Subscribes to `source` as source number `index`; its values go to `onValue`.
  @inlinable final func subscribe<Value>(
    _ source: Observable<Value>, at index: Int, _ onValue: @escaping (Value) -> Void
  ) {
    subscriptions[index].subscribe(source) { self.handle($0, at: index, onValue) }
  }

  /// Subscribes to every source in order, its values going to `onValue` with the source's
  /// index; with no sources at all, completes at once.
  @inlinable final func subscribeAll<Value>(
    _ sources: [Observable<Value>], _ onValue: @escaping (Value, Int) -> Void
  ) {
    for (index, source) in sources.enumerated() {
      subscribe(source, at: index) { onValue($0, index) }
    }
    if sources.isEmpty { forwardStop(.completed) }
  }

  @inlinable final func handle<Value>(
    _ event: Event<Value>, at index: Int, _ onValue: (Value) -> Void
  ) {
    guard !disposed else { return }
    switch event {
    case .next(let value): onValue(value)
    case .error(let error):
      subscriptions[index].dispose()
      forwardStop(.error(error))
    case .completed:
      subscriptions[index].dispose()
      guard !completed[index] else { return }
      completed[index] = true
      completedCount += 1
      if completedCount == completed.count { forwardStop(.completed) }
    }
  }

  /// Whether every source but number `index` has completed.
  @inlinable final func othersCompleted(_ index: Int) -> Bool {
    completedCount - (completed[index] ? 1 : 0) == completed.count - 1
  }

  /// Passes on a combined value, or ends the stream with the error computing it threw.
  @inlinable final func emit(_ result: () throws -> Result) {
    do {
      forwardNext(try result())
    } catch {
      forwardStop(.error(error))
    }
  }
}
