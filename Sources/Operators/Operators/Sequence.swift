extension Observable {
  /// The given values in order, then completion, turn by turn as `from`.
  ///
  ///     of(a, b, c)  // (abc|)
  @inlinable public static func of(_ elements: Element...) -> Observable<Element> {
    from(elements)
  }

  /// The values of an array in order, then completion, one per turn of the current-thread
  /// trampoline (`CurrentThread`), as RxSwift's `from`: subscribed on its own, all of them
  /// during `subscribe`; subscribed during another subscription, once that one returns.
  /// Stops as soon as the subscription ends, so `from(big).take(1)` does not walk the whole
  /// array.
  ///
  ///     from([a, b, c])  // (abc|)
  @inlinable public static func from(_ elements: [Element]) -> Observable<Element> {
    Observable(unsafe: { observer in
      TurnByTurn.start(count: elements.count, observer: observer) { elements[$0] }
    })
  }
}

/// Emits `count` values, then completion, one per turn of the current-thread trampoline:
/// RxSwift's `scheduleRecursive` on `CurrentThreadScheduler`, which `of`, `from` and `range`
/// use. Each turn emits one value and queues the next turn behind whatever is already
/// waiting, so two such sources subscribed together interleave (1 a 2 b), as in RxSwift.
/// When nothing else waits, the next turn is taken at once, without a trip through the queue.
@usableFromInline final class TurnByTurn<Element>: Cancelable {
  @usableFromInline let count: Int
  @usableFromInline let element: (Int) -> Element
  @usableFromInline let observer: Observer<Element>
  @usableFromInline @exclusivity(unchecked) var index = 0
  @usableFromInline @exclusivity(unchecked) var isDisposed = false

  @inlinable init(count: Int, observer: Observer<Element>, element: @escaping (Int) -> Element) {
    self.count = count
    self.element = element
    self.observer = observer
  }

  /// Starts a run: the first turn is queued if a subscription is in progress.
  @inlinable static func start(
    count: Int, observer: Observer<Element>, element: @escaping (Int) -> Element
  ) -> any Disposable {
    let run = TurnByTurn(count: count, observer: observer, element: element)
    CurrentThread.schedule(run.turn)
    return run
  }

  @inlinable func dispose() { isDisposed = true }

  /// Emits the next value (or the completion), then queues the next turn.
  @usableFromInline func turn() {
    // A turn runs inside the trampoline's drain (or the `install` that `schedule` made), and
    // whatever it subscribes joins that same trampoline: look it up once per turn, not per value.
    let trampoline = CurrentThread.installed
    while !isDisposed && !observer.isDisposed {
      guard index < count else {
        isDisposed = true
        observer.onCompleted()
        return
      }
      let value = element(index)
      index += 1
      observer.onNext(value)
      if let trampoline, !trampoline.queue.isEmpty {
        CurrentThread.schedule(turn)
        return
      }
    }
  }
}
