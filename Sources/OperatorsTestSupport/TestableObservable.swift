import Operators

/// A hot or cold test source that logs when it was subscribed and disposed.
public final class TestableObservable<Element> {
  private unowned let scheduler: TestScheduler
  /// The events it plays: relative times if cold, absolute if hot.
  public let recordedEvents: [Recorded<Element>]
  /// Every subscription, with its start and end in milliseconds.
  public private(set) var subscriptions: [Subscription] = []
  private let hot: Bool
  private var observers: [Int: Observer<Element>] = [:]
  private var nextObserverKey = 0

  init(scheduler: TestScheduler, events: [Recorded<Element>], hot: Bool) {
    self.scheduler = scheduler
    self.recordedEvents = events
    self.hot = hot
    if hot { scheduleHotEvents() }
  }

  private func scheduleHotEvents() {
    for recorded in recordedEvents {
      scheduler.scheduleAt(recorded.time) { [unowned self] in
        for key in self.observers.keys.sorted() { self.observers[key]?.on(recorded.event) }
      }
    }
  }

  /// The source as an engine observable.
  public func asObservable() -> Observable<Element> {
    Observable.create { [self] observer in subscribe(observer) }
  }

  private func subscribe(_ observer: Observer<Element>) -> any Disposable {
    let index = subscriptions.count
    subscriptions.append(Subscription(scheduler.clockMilliseconds))
    let playback = CompositeDisposable()
    if hot {
      nextObserverKey += 1
      let key = nextObserverKey
      observers[key] = observer
      playback.insert(Disposables.create { [unowned self] in self.observers[key] = nil })
    } else {
      for recorded in recordedEvents {
        playback.insert(scheduler.schedule(after: ms(recorded.time)) { observer.on(recorded.event) })
      }
    }
    return Disposables.create { [unowned self] in
      playback.dispose()
      self.subscriptions[index].end = self.scheduler.clockMilliseconds
    }
  }
}
