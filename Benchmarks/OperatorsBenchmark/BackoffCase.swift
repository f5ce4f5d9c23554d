import Operators

/// (e) 100k pipelines live at once on one virtual clock, each failing four times and
/// retrying after 1, 3, 5 and 10 s, then succeeding: what a script fanning out over many
/// flaky calls costs in time and memory.
enum BackoffCase {
  static let name = "e: 100k pipelines, retry 1,3,5,10 s"
  static let count = Harness.scaled(100_000)

  struct Failure: Error {}

  static func run() -> [Row] { [pipe()] }

  @inline(never) static func pipe() -> Row {
    let completed = Tally()
    let strategy = RetryStrategy.delays([1, 3, 5, 10].map { Time.seconds($0) })
    let row = Harness.measure(name, "pipe", operations: count, repetitions: 3) {
      let clock = VirtualTimeScheduler()
      // Every attempt before 19 s (0, 1, 4 and 9 s) fails; the fifth, at 19 s, succeeds.
      let source = Observable<Int>.create { observer in
        if clock.now < .seconds(19) {
          observer.onError(Failure())
        } else {
          observer.onNext(1)
          observer.onCompleted()
        }
        return Disposables.empty
      }
      let pipeline = source.retry(strategy, scheduler: clock)
      let observer = Observer<Int> { if case .completed = $0 { completed.value += 1 } }
      var subscriptions: [any Disposable] = []
      subscriptions.reserveCapacity(count)
      for _ in 0..<count { subscriptions.append(pipeline.subscribe(observer)) }
      clock.run()
      precondition(clock.now == .seconds(19), "the last retry runs at 19 s")
      for subscription in subscriptions { subscription.dispose() }
    }
    precondition(completed.value == count * 3, "every pipeline must complete")
    var copy = row
    copy.note = String(
      format: "%.0f ms for all 100k (≤ 1 s), peak ≤ 300 MB", row.nsPerOp * Double(count) / 1e6)
    return copy
  }
}
