import Operators

/// An observer that records every event with the scheduler's time.
public final class TestableObserver<Element> {
  private unowned let scheduler: TestScheduler
  public private(set) var events: [Recorded<Element>] = []

  init(scheduler: TestScheduler) { self.scheduler = scheduler }

  /// Records one event now.
  public func on(_ event: Event<Element>) {
    events.append(Recorded(time: scheduler.clockMilliseconds, event: event))
  }

  /// This recorder as an engine observer.
  public func asObserver() -> Observer<Element> { Observer { [self] in on($0) } }

  /// The values seen, in order.
  public var values: [Element] { events.compactMap { $0.event.element } }
}
