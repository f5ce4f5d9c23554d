/// The error a `#` stands for when a marble source is given none: it reads `error`.
public struct MarbleError: Error, Hashable, Sendable, CustomStringConvertible {
  public init() {}
  public var description: String { "error" }
}

extension Observable {
  /// A cold source playing `diagram` on every subscription, its times measured from that
  /// subscription: `values` gives the element of each value character, `error` the error of
  /// `#` (evaluated each time one is emitted). Events at time zero come on the scheduler,
  /// not during `subscribe`, as in RxJS's and RxTest's cold observables.
  ///
  ///     let xs = Observable.marbles(try MarbleDiagram(cold: "-1-2|"), values: { Int(String($0))! },
  ///                                 scheduler: clock)
  ///     // every subscription: -1-2|
  public static func marbles(
    _ diagram: MarbleDiagram, values: @escaping (Character) -> Element,
    error: @autoclosure @escaping () -> any Error = MarbleError(), scheduler: any Scheduler
  ) -> Observable<Element> {
    let play = MarblePlay(events: diagram.events, values: values, error: error)
    return Observable(unsafe: { observer in
      let sink = MarblePlaybackSink(observer: observer)
      sink.start(play, on: scheduler)
      return sink
    })
  }

  /// A cold source whose n-th subscription plays the n-th diagram, the last one repeating:
  /// the way to write "fails twice, then succeeds". An empty list plays an empty diagram.
  ///
  ///     let flaky = Observable.marbles(attempts: [failing, failing, succeeding], values: …,
  ///                                    scheduler: clock)
  ///     // 1st subscription: 100ms #   2nd: 100ms #   3rd and later: 100ms (a|)
  public static func marbles(
    attempts diagrams: [MarbleDiagram], values: @escaping (Character) -> Element,
    error: @autoclosure @escaping () -> any Error = MarbleError(), scheduler: any Scheduler
  ) -> Observable<Element> {
    let sources = (diagrams.isEmpty ? [MarbleDiagram()] : diagrams).map {
      Observable.marbles($0, values: values, error: error(), scheduler: scheduler)
    }
    let attempts = AttemptCounter()
    return Observable(unsafe: { observer in
      let attempt = attempts.next()
      return sources[min(attempt, sources.count - 1)].subscribe(observer)
    })
  }
}

/// Counts the subscriptions of a source, from zero.
final class AttemptCounter {
  private var count = 0

  func next() -> Int {
    defer { count += 1 }
    return count
  }
}
