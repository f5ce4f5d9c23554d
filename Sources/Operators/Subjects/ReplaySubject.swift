/// A subject that keeps the last values it passed on and replays them to each new subscriber,
/// then passes on what follows.
///
/// A subscriber arriving after the subject stopped gets the kept values and the stop event;
/// one arriving after `dispose()` gets `SubjectDisposedError`.
///
///     ReplaySubject.create(bufferSize: 2)  -a-b-c-d|
///     subscribed:                          -------^
///     receives:                            -------(bc)d|
public final class ReplaySubject<Element>: SubjectType {
  /// How many values are kept; nil keeps them all.
  @usableFromInline let bufferSize: Int?
  @usableFromInline var buffer = RingBuffer<Element>()
  @usableFromInline var state = SubjectState<Element>()

  init(bufferSize: Int?) {
    self.bufferSize = bufferSize
    Resources.increment()
  }

  deinit { Resources.decrement() }

  /// A subject replaying at most `bufferSize` of the latest values (0 replays none).
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    precondition(bufferSize >= 0, "bufferSize must not be negative")
    return ReplaySubject(bufferSize: bufferSize)
  }

  /// A subject replaying every value it ever passed on.
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(bufferSize: nil)
  }

  public var hasObservers: Bool { !state.observers.isEmpty }

  public var isDisposed: Bool { state.disposed }

  /// Whether every subscriber has ended downstream (false without subscribers).
  var allObserversDisposed: Bool { state.allObserversDisposed }

  @inlinable public func on(_ event: Event<Element>) {
    guard let current = state.accept(event) else { return }
    if case .next(let value) = event { keep(value) }
    current.dispatch(event)
  }

  @inlinable func keep(_ value: Element) {
    guard bufferSize != 0 else { return }
    buffer.enqueue(value)
    if let bufferSize, buffer.count > bufferSize { _ = buffer.dequeue() }
  }

  public func subscribe(_ observer: Observer<Element>) -> any Disposable {
    if state.turnAway(observer, ignoringStop: true) { return Disposables.empty }
    for value in buffer { observer.on(.next(value)) }
    if state.turnAway(observer) { return Disposables.empty }
    let key = state.insert(observer)
    return Disposables.create { [weak self] in self?.state.remove(key) }
  }

  /// Drops every subscriber and the kept values; later subscribers get `SubjectDisposedError`.
  public func dispose() {
    state.dispose()
    buffer.removeAll()
  }
}
