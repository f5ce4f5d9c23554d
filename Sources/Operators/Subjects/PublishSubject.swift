/// A subject that passes each event to the subscribers present at that moment.
///
/// A subscriber arriving after the subject stopped gets the stop event at once; one arriving
/// after `dispose()` gets `SubjectDisposedError`.
///
///     subject:     -a-b-c|
///     subscribed:  ---^
///     receives:    ---b-c|
public final class PublishSubject<Element>: SubjectType {
  @usableFromInline var state = SubjectState<Element>()

  public init() { Resources.increment() }

  deinit { Resources.decrement() }

  public var hasObservers: Bool { !state.observers.isEmpty }

  public var isDisposed: Bool { state.disposed }

  @inlinable public func on(_ event: Event<Element>) {
    state.accept(event)?.dispatch(event)
  }

  public func subscribe(_ observer: Observer<Element>) -> any Disposable {
    if state.turnAway(observer) { return Disposables.empty }
    let key = state.insert(observer)
    return Disposables.create { [weak self] in self?.state.remove(key) }
  }

  /// Drops every subscriber; later subscribers get `SubjectDisposedError`.
  public func dispose() { state.dispose() }
}
