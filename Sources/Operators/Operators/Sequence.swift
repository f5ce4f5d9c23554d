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
/// `element` may drop a value (nil: the turn emits nothing) or fail (the error ends the run),
/// as a source with `fused` steps in its loop does.
@usableFromInline final class TurnByTurn<Element>: Cancelable {
  @usableFromInline let count: Int
  @usableFromInline let element: (Int) throws -> Element?
  @usableFromInline let observer: Observer<Element>
  @usableFromInline @exclusivity(unchecked) var index = 0
  @usableFromInline @exclusivity(unchecked) var isDisposed = false

  @inlinable init(count: Int, observer: Observer<Element>, element: @escaping (Int) throws -> Element?) {
    self.count = count
    self.element = element
    self.observer = observer
  }

  /// Starts a run: the first turn is queued if a subscription is in progress.
  @inlinable static func start(
    count: Int, observer: Observer<Element>, element: @escaping (Int) throws -> Element?
  ) -> any Disposable {
    let run = TurnByTurn(count: count, observer: observer, element: element)
    CurrentThread.schedule(run.turn)
    return run
  }

  @inlinable func dispose() { isDisposed = true }

  /// Emits the next value (or the completion), then queues the next turn. Inlinable, so that
  /// the loop is specialised for the element type where the source is made: generic, it
  /// would copy, wrap and destroy every value through the type's witnesses.
  @inlinable func turn() {
    // A turn runs under one trampoline, installed until the turn returns (nothing installs
    // another while one is): looked up once, not at every value.
    let trampoline = CurrentThread.installed
    while !isDisposed && !observer.isDisposed {
      guard index < count else {
        isDisposed = true
        observer.onCompleted()
        return
      }
      let value: Element?
      do {
        value = try element(index)
      } catch {
        isDisposed = true
        observer.onError(error)
        return
      }
      index += 1
      if let value { observer.onNext(value) }
      if let trampoline, !trampoline.queue.isEmpty {
        trampoline.queue.enqueue(turn)
        return
      }
    }
  }
}
