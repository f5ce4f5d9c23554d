extension Observable {
  /// Shares one subscription to this observable among all subscribers, and replays the last
  /// `replay` values to each newcomer. The first subscriber connects; when the last one
  /// leaves, the subscription is disposed; a subscriber arriving after the source terminated
  /// connects anew, with an empty replay buffer (RxSwift's `share(replay:scope:)` with
  /// `.whileConnected`).
  ///
  ///     source:             -a-b-c|   (subscribed once)
  ///     first subscriber:   -a-b-c|
  ///     second, from 2:     ---b-c|   (with replay: 1, ---(ab)-c|)
  @inlinable
  public func share(replay: Int = 0) -> Observable<Element> {
    precondition(replay >= 0, "replay must not be negative")
    let shared = SharedSource(source: self, replay: replay)
    return Observable(unsafe: { observer in shared.subscribe(observer) })
  }
}

/// The state of one `share`: the connection to the source while anyone is subscribed.
@usableFromInline final class SharedSource<Element> {
  let source: Observable<Element>
  let replay: Int
  /// The live connection; cleared when it ends, so the next subscriber starts a new one.
  @exclusivity(unchecked) var connection: ShareConnection<Element>?

  @usableFromInline init(source: Observable<Element>, replay: Int) {
    self.source = source
    self.replay = replay
  }

  @usableFromInline func subscribe(_ observer: Observer<Element>) -> any Disposable {
    let connection = self.connection ?? connect()
    let subscription = connection.subject.subscribe(observer)
    connection.subscribers += 1
    if connection.subscribers == 1 { connection.start() }
    return Disposables.create {
      subscription.dispose()
      connection.release()
    }
  }

  private func connect() -> ShareConnection<Element> {
    let connection = ShareConnection(parent: self, replay: replay)
    self.connection = connection
    return connection
  }
}

/// One subscription to a shared source and the subject passing its events on.
///
/// As the lifetime of the observer given to the source, it reads as disposed once every
/// subscriber has ended downstream, so a synchronous source stops even before the
/// subscribers' disposables exist.
final class ShareConnection<Element>: Cancelable {
  let parent: SharedSource<Element>
  let subject: ReplaySubject<Element>
  let upstream = SingleAssignmentDisposable()
  @exclusivity(unchecked) var subscribers = 0
  @exclusivity(unchecked) private var ended = false

  init(parent: SharedSource<Element>, replay: Int) {
    self.parent = parent
    subject = ReplaySubject.create(bufferSize: replay)
    Resources.increment()
  }

  deinit { Resources.decrement() }

  var isDisposed: Bool { ended || subject.allObserversDisposed }

  func start() {
    upstream.setDisposable(parent.source.subscribe(Observer(lifetime: self) { self.on($0) }))
  }

  /// A stop event passes to the subscribers before the connection lets its source go, as
  /// RxSwift's: the connection is ended first (a subscriber that comes while the end passes,
  /// a `repeat` or `retry` below, connects anew), but the source is released only after, so
  /// what is still subscribed above it (another `share`) sees the newcomer join before it
  /// loses its last subscriber.
  func on(_ event: Event<Element>) {
    guard !ended else { return }
    guard event.isStopEvent else { return subject.on(event) }
    end()
    subject.on(event)
    upstream.dispose()
  }

  /// One subscriber left; the last one ends the connection.
  func release() {
    guard !ended else { return }
    subscribers -= 1
    if subscribers == 0 { dispose() }
  }

  /// Ends the connection: the source subscription is disposed and the next subscriber
  /// connects anew.
  func dispose() {
    guard !ended else { return }
    end()
    upstream.dispose()
  }

  /// Marks the connection ended, so the next subscriber connects anew.
  private func end() {
    ended = true
    if parent.connection === self { parent.connection = nil }
  }
}
