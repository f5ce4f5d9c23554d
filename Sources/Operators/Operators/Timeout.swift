/// The error of `timeout`: no element arrived within the due time.
public struct TimeoutError: Error, Equatable, CustomStringConvertible {
  public init() {}
  /// The error's kind, as the language names it.
  public var description: String { "timeout" }
}

extension Observable {
  /// Fails with `TimeoutError` when no element arrives within `dueTime` of the subscription
  /// or of the previous element; the timer restarts with every element.
  ///
  ///     a--b-----c|  timeout(3)  a--b--#
  @inlinable
  public func timeout(_ dueTime: Time, scheduler: any Scheduler) -> Observable<Element> {
    timeout(
      dueTime,
      other: Observable(unsafe: { observer in
        observer.onError(TimeoutError())
        return Disposables.empty
      }), scheduler: scheduler)
  }

  /// Switches to `other` when no element arrives within `dueTime` of the subscription or of
  /// the previous element; the source is disposed at that moment.
  ///
  ///     a--b-----c|  timeout(3, other: x|)  a--b--(x|)
  @inlinable
  public func timeout(
    _ dueTime: Time, other: Observable<Element>, scheduler: any Scheduler
  ) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = TimeoutSink(observer: observer, dueTime: dueTime, other: other, scheduler: scheduler)
      sink.run(source)
      return sink
    })
  }
}

@usableFromInline final class TimeoutSink<Element>: SwitchingSink<Element> {
  @usableFromInline let dueTime: Time
  @usableFromInline let other: Observable<Element>
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline @exclusivity(unchecked) var switched = false

  @inlinable init(
    observer: Observer<Element>, dueTime: Time, other: Observable<Element>, scheduler: any Scheduler
  ) {
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
    super.init(observer: observer)
  }

  @inlinable func run(_ source: Observable<Element>) {
    startTimer()
    subscribeFirst(source) { self.on($0) }
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !switched else { return }
    switch event {
    case .next:
      forward(event)
      startTimer()
    case .error, .completed: forwardStop(event)
    }
  }

  /// Starts the due-time timer, cancelling the previous one.
  @inlinable func startTimer() {
    guard !isDisposed else { return }
    timer.disposable = scheduler.schedule(after: dueTime) { self.switchToOther() }
  }

  @inlinable func switchToOther() {
    switched = true
    switchTo(other)
  }

  @inlinable override func disposeResources() {
    timer.dispose()
  }
}
