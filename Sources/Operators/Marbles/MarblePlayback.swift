/// A diagram's events with what turns them into engine events.
struct MarblePlay<Element> {
  let events: [(time: Time, event: MarbleEvent)]
  let values: (Character) -> Element
  let error: () -> any Error

  /// The engine event for a marble event; the error is made anew each time.
  func event(_ marble: MarbleEvent) -> Event<Element> {
    switch marble {
    case .next(let character): return .next(values(character))
    case .error: return .error(error())
    case .completed: return .completed
    }
  }
}

/// One subscription to a cold marble source: every event is scheduled when it starts, as
/// RxJS's cold observable does, so simultaneous events of several sources keep the order
/// of their subscriptions.
final class MarblePlaybackSink<Element>: Sink<Element> {
  private let timers = CompositeDisposable()

  func start(_ play: MarblePlay<Element>, on scheduler: any Scheduler) {
    for (time, marble) in play.events {
      timers.insert(scheduler.schedule(after: time) { self.on(play.event(marble)) })
    }
  }

  private func on(_ event: Event<Element>) {
    if event.isStopEvent { forwardStop(event) } else { forward(event) }
  }

  override func disposeResources() { timers.dispose() }
}
