/// A subject that holds a current value: a new subscriber gets it first, then what follows.
///
/// A subscriber arriving after the subject stopped gets only the stop event; one arriving
/// after `dispose()` gets `SubjectDisposedError`.
///
///     BehaviorSubject(value: 0)  -a-b|
///     subscribed:                ---^
///     receives:                  ---(a)b|
public final class BehaviorSubject<Element>: SubjectType {
  @usableFromInline var element: Element
  @usableFromInline var state = SubjectState<Element>()

  /// A subject whose current value is `value` until the first `onNext`.
  public init(value: Element) {
    element = value
    Resources.increment()
  }

  deinit { Resources.decrement() }

  public var hasObservers: Bool { !state.observers.isEmpty }

  public var isDisposed: Bool { state.disposed }

  /// The current value; throws the error the subject ended with, or `SubjectDisposedError`.
  public func value() throws -> Element {
    if state.disposed { throw SubjectDisposedError() }
    if let error = state.stopEvent?.error { throw error }
    return element
  }

  @inlinable public func on(_ event: Event<Element>) {
    guard let current = state.accept(event) else { return }
    if case .next(let value) = event { element = value }
    current.dispatch(event)
  }

  public func subscribe(_ observer: Observer<Element>) -> any Disposable {
    if state.turnAway(observer) { return Disposables.empty }
    let key = state.insert(observer)
    observer.on(.next(element))
    return Disposables.create { [weak self] in self?.state.remove(key) }
  }

  /// Drops every subscriber; later subscribers get `SubjectDisposedError`.
  public func dispose() { state.dispose() }
}
