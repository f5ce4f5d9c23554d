import Operators

/// A virtual clock for tests with RxTest's conveniences: recording observers, hot and cold
/// sources that log their subscriptions, and `start` with the usual 100/200/1000 times.
///
///     let scheduler = TestScheduler()
///     let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
///     let res = scheduler.start { xs.asObservable().map { $0 * 2 } }
///     res.events  // [.next(210, 2), .completed(220)]
public final class TestScheduler: Scheduler {
  /// The clock itself.
  public let clock: VirtualTimeScheduler

  public init(initialClock: Int = 0) {
    clock = VirtualTimeScheduler(start: ms(initialClock))
  }

  public var now: Time { clock.now }

  /// The current time in whole milliseconds.
  public var clockMilliseconds: Int { Int(clock.now.nanoseconds / 1_000_000) }

  public func schedule(after delay: Time, _ action: @escaping () -> Void) -> any Disposable {
    clock.schedule(after: delay, action)
  }

  public func holdClock() -> ClockHold { clock.holdClock() }

  /// Runs `action` at an absolute time in milliseconds.
  @discardableResult
  public func scheduleAt(_ time: Int, _ action: @escaping () -> Void) -> any Disposable {
    clock.schedule(at: ms(time), action)
  }

  /// Runs until nothing is left.
  public func start() { clock.run() }

  /// Runs until `time` (in milliseconds), leaving later items pending.
  public func advance(to time: Int) { clock.advance(to: ms(time)) }

  /// An observer that records every event with its time.
  public func createObserver<Element>(_ type: Element.Type = Element.self) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// A source that replays `events` at times relative to each subscription.
  public func createColdObservable<Element>(_ events: [Recorded<Element>]) -> TestableObservable<Element> {
    TestableObservable(scheduler: self, events: events, hot: false)
  }

  /// A source that emits `events` at absolute times to whoever is subscribed then.
  public func createHotObservable<Element>(_ events: [Recorded<Element>]) -> TestableObservable<Element> {
    TestableObservable(scheduler: self, events: events, hot: true)
  }

  /// Creates the observable at `created`, subscribes at `subscribed`, disposes at `disposed`,
  /// runs the clock, and returns what the observer saw.
  public func start<Element>(
    created: Int = 100, subscribed: Int = 200, disposed: Int = 1000,
    _ create: @escaping () -> Observable<Element>
  ) -> TestableObserver<Element> {
    let observer = createObserver(Element.self)
    var source: Observable<Element>?
    var subscription: (any Disposable)?
    scheduleAt(created) { source = create() }
    scheduleAt(subscribed) { subscription = source!.subscribe(observer.asObserver()) }
    scheduleAt(disposed) {
      subscription?.dispose()
      subscription = nil
      source = nil
    }
    start()
    return observer
  }
}
