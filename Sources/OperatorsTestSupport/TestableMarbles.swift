import Operators

/// A marble source for tests (`scheduler.cold("-a-b|")`, `scheduler.hot("-^-a|")`) that logs
/// when it was subscribed and disposed, as `TestableObservable` does.
public final class TestableMarbles<Element> {
  private unowned let scheduler: TestScheduler
  private let source: Observable<Element>
  /// Every subscription, with its start and end in milliseconds.
  public private(set) var subscriptions: [Subscription] = []

  init(scheduler: TestScheduler, source: Observable<Element>) {
    self.scheduler = scheduler
    self.source = source
  }

  /// The source as an engine observable; a subscription ends when disposed or stopped.
  public func asObservable() -> Observable<Element> {
    Observable.create { [self] observer in
      let index = subscriptions.count
      subscriptions.append(Subscription(scheduler.clockMilliseconds))
      let playback = source.subscribe(observer)
      return Disposables.create { [self] in
        playback.dispose()
        subscriptions[index].end = scheduler.clockMilliseconds
      }
    }
  }
}
