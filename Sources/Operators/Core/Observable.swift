/// A cold stream of events: every `subscribe` starts a new, independent run.
///
/// An observable is a value holding its subscribe function. Operators build new observables
/// around old ones; they are `@inlinable`, so a chain used with concrete types is specialised
/// where it is built and an element passes through it without allocation or dynamic casts.
///
///     let squares = Observable.of(1, 2, 3).map { $0 * $0 }
///     _ = squares.subscribe(onNext: { print($0) })  // 1 4 9
public struct Observable<Element> {
  @usableFromInline let subscribeHandler: (Observer<Element>) -> any Disposable

  /// An observable whose subscriptions run `subscribe`.
  ///
  /// The function must follow the grammar `next* (error | completed)?` and must stop
  /// emitting once the returned disposable is disposed. Use `Observable.create` for a
  /// source that should be protected against misbehaviour.
  @inlinable public init(unsafe subscribe: @escaping (Observer<Element>) -> any Disposable) {
    self.subscribeHandler = subscribe
  }

  /// Starts a subscription; the disposable ends it.
  ///
  /// As RxSwift's `Producer`, the outermost subscription on a thread installs the
  /// current-thread trampoline (`CurrentThread`), so what `of`, `from` and `range` schedule
  /// during it runs when it returns.
  @inlinable @discardableResult
  public func subscribe(_ observer: Observer<Element>) -> any Disposable {
    // Written out rather than through `CurrentThread.run`: the closure would cost every
    // subscription about 400 instructions (callgrind, OperatorsBenchmark b). One call of
    // the subscribe function, not one per branch: inlined once, what it returns keeps its
    // concrete type, so that disposing it right away is a direct call.
    let trampoline = CurrentThread.current
    let installs = !trampoline.pointee.isActive
    if installs { trampoline.pointee.isActive = true }
    let subscription = subscribeHandler(observer)
    if installs { CurrentThread.drain(trampoline) }
    return subscription
  }

  /// Subscribes from inside a subscription in progress on this thread — an operator's own
  /// subscribe function subscribing to its source — where the trampoline is installed
  /// already: `subscribe` without looking it up.
  @inlinable func subscribeNested(_ observer: Observer<Element>) -> any Disposable {
    assert(CurrentThread.isInstalled, "subscribeNested outside a subscription")
    return subscribeHandler(observer)
  }

  /// Starts a subscription with one closure per event kind.
  @discardableResult
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((any Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> any Disposable {
    let lifetime = SingleAssignmentDisposable()
    var stopped = false
    let observer = Observer<Element>(lifetime: lifetime) { event in
      guard !stopped else { return }
      switch event {
      case .next(let value): onNext?(value)
      case .error(let error):
        stopped = true
        onError?(error)
        lifetime.dispose()
      case .completed:
        stopped = true
        onCompleted?()
        lifetime.dispose()
      }
    }
    let upstream = subscribe(observer)
    let whole = Disposables.create {
      lifetime.dispose()
      onDisposed?()
    }
    lifetime.setDisposable(upstream)
    if lifetime.isDisposed { whole.dispose() }
    return whole
  }

  /// This observable, for symmetry with subjects.
  @inlinable public func asObservable() -> Observable<Element> { self }
}
