/// One of the several subscriptions a combining operator holds: an inner of `flatMap`, a
/// source of `zip`, the current part of `concat`.
///
/// It is the lifetime of the observer handed to that source, so the source sees `isDisposed`
/// once this subscription or the whole operator has ended, and a synchronous source stops at
/// once. Create it, keep it where the event handler can find it, then `subscribe`: a source may
/// finish before `subscribe` returns.
@usableFromInline final class InnerSubscription: Cancelable {
  /// The operator's sink; it owns this subscription, so it outlives it.
  @usableFromInline unowned let parent: any Cancelable
  @usableFromInline let subscription = SingleAssignmentDisposable()

  @inlinable init(parent: any Cancelable) { self.parent = parent }

  @inlinable var isDisposed: Bool { subscription.isDisposed || parent.isDisposed }

  @inlinable var runControl: RunControl? { parent.runControl }

  @inlinable func dispose() { subscription.dispose() }

  /// Subscribes `handler` to `source`, with this subscription as its lifetime.
  @inlinable func subscribe<Value>(
    _ source: Observable<Value>, _ handler: @escaping (Event<Value>) -> Void
  ) {
    subscription.setDisposable(source.subscribe(Observer(lifetime: self, handler)))
  }
}

extension Sink {
  /// Subscribes `handler` to an operator's outer `source`, keeping that subscription as
  /// `upstream`, so the operator can end it alone (`upstream?.dispose()`) once the source
  /// completes while inner subscriptions go on.
  @inlinable final func subscribeOuter<Value>(
    _ source: Observable<Value>, _ handler: @escaping (Event<Value>) -> Void
  ) {
    let outer = InnerSubscription(parent: self)
    setUpstream(outer)
    outer.subscribe(source, handler)
  }
}
