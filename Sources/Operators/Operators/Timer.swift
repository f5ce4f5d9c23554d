extension Observable where Element == Int {
  /// Emits 0 once `dueTime` has passed, then completes.
  ///
  ///     timer(3)  // ---(0|)
  @inlinable public static func timer(_ dueTime: Time, scheduler: any Scheduler) -> Observable<Int> {
    Observable(unsafe: { observer in
      let sink = TimerSink(observer: observer, scheduler: scheduler, period: nil)
      sink.start(after: dueTime)
      return sink
    })
  }

  /// Emits 0 once `dueTime` has passed, then 1, 2, 3, ... every `period`; never completes.
  ///
  /// As RxSwift's periodic scheduling, each tick schedules the next one before it emits, and
  /// the ticks keep to the grid `dueTime + k * period` however long an emission takes.
  ///
  ///     timer(3, period: 2)  // ---0-1-2-
  @inlinable public static func timer(
    _ dueTime: Time, period: Time, scheduler: any Scheduler
  ) -> Observable<Int> {
    Observable(unsafe: { observer in
      let sink = TimerSink(observer: observer, scheduler: scheduler, period: period)
      sink.start(after: dueTime)
      return sink
    })
  }
}

@usableFromInline final class TimerSink: TimedSink<Int> {
  @usableFromInline let period: Time?
  @usableFromInline @exclusivity(unchecked) var count = 0

  @inlinable init(observer: Observer<Int>, scheduler: any Scheduler, period: Time?) {
    self.period = period
    super.init(observer: observer, scheduler: scheduler)
  }

  @inlinable func start(after dueTime: Time) {
    schedule(at: scheduler.now + max(dueTime, .zero))
  }

  @inlinable func schedule(at due: Time) {
    startTimer(after: due - scheduler.now) { self.tick(due) }
  }

  @inlinable func tick(_ due: Time) {
    guard let period else {
      forwardNext(0)
      forwardStop(.completed)
      return
    }
    schedule(at: due + period)
    let value = count
    count &+= 1
    forwardNext(value)
  }
}
