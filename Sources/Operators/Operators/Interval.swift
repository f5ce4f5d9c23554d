extension Observable where Element == Int {
  /// Emits 0, 1, 2, ... every `period`, the first after one period; never completes.
  ///
  ///     interval(2)  // --0-1-2-
  @inlinable public static func interval(_ period: Time, scheduler: any Scheduler) -> Observable<Int> {
    timer(period, period: period, scheduler: scheduler)
  }
}
