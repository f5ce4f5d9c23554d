/// A hot source playing a diagram once, shared by all its subscribers: time zero (the
/// diagram's `^`) is the scheduler's time when it is made, and events before `^` are past.
///
/// As RxTest's hot observable (`createHotObservable`), a subscriber gets only what is still
/// to come: one arriving after the stream ended gets nothing at all, not even the end, so
/// `retry` on an ended hot source waits quietly instead of resubscribing at one instant for
/// ever. An event goes to those subscribed when it is due, not to those it makes subscribe.
///
///     let hot = HotMarbles(try MarbleDiagram(hot: "-a-^-b-c|"), values: { $0 }, scheduler: clock)
///     // b at 2ms, c at 4ms, | at 5ms: a subscriber from 3ms on sees ----c|, from 6ms on nothing
public final class HotMarbles<Element>: Disposable {
  private var subscribers: [Int: HotMarbleSink<Element>] = [:]
  private var nextKey = 0
  private var ending: Event<Element>?
  private let timers = CompositeDisposable()

  public init(
    _ diagram: MarbleDiagram, values: @escaping (Character) -> Element,
    error: @autoclosure @escaping () -> any Error = MarbleError(), scheduler: any Scheduler
  ) {
    let play = MarblePlay(events: diagram.events, values: values, error: error)
    for (time, marble) in play.events where time >= .zero {
      timers.insert(scheduler.schedule(after: time) { self.emit(play.event(marble)) })
    }
  }

  /// Subscribing receives the events from now on.
  public func asObservable() -> Observable<Element> {
    Observable(unsafe: { observer in self.subscribe(observer) })
  }

  /// Stops the timeline: pending events are cancelled.
  public func dispose() { timers.dispose() }

  private func subscribe(_ observer: Observer<Element>) -> any Disposable {
    guard ending == nil else { return Disposables.empty }
    nextKey += 1
    let sink = HotMarbleSink(observer: observer, source: self, key: nextKey)
    subscribers[nextKey] = sink
    return sink
  }

  private func emit(_ event: Event<Element>) {
    guard ending == nil else { return }
    if event.isStopEvent { ending = event }
    for key in subscribers.keys.sorted() { subscribers[key]?.on(event) }
  }

  fileprivate func remove(_ key: Int) { subscribers[key] = nil }
}

extension Observable {
  /// A hot marble source started now; see `HotMarbles`.
  public static func hotMarbles(
    _ diagram: MarbleDiagram, values: @escaping (Character) -> Element,
    error: @autoclosure @escaping () -> any Error = MarbleError(), scheduler: any Scheduler
  ) -> Observable<Element> {
    HotMarbles(diagram, values: values, error: error(), scheduler: scheduler).asObservable()
  }
}

/// One subscriber of a hot marble source.
final class HotMarbleSink<Element>: Sink<Element> {
  private let source: HotMarbles<Element>
  private let key: Int

  init(observer: Observer<Element>, source: HotMarbles<Element>, key: Int) {
    self.source = source
    self.key = key
    super.init(observer: observer)
  }

  func on(_ event: Event<Element>) {
    if event.isStopEvent { forwardStop(event) } else { forward(event) }
  }

  override func disposeResources() { source.remove(key) }
}
