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
      TurnByTurn.start(count: elements.count, observer: observer, elements: ArrayElements(elements))
    })
  }
}

/// Where a run turn by turn takes its values from: the value at an index, made in the loop
/// itself (a struct, so that the loop is specialised for it and makes no call per value that
/// the source does not need). nil emits nothing this turn; a thrown error ends the run.
@usableFromInline protocol TurnElements {
  associatedtype Element
  func element(at index: Int) throws -> Element?
  /// True once the run ends after the value just made (`fused` steps with a `take`).
  var isDone: Bool { get }
}

extension TurnElements {
  @inlinable var isDone: Bool { false }
}

/// The values of an array (`from`, `of`).
@usableFromInline struct ArrayElements<Element>: TurnElements {
  @usableFromInline let elements: [Element]
  @inlinable init(_ elements: [Element]) { self.elements = elements }
  @inlinable func element(at index: Int) -> Element? { elements[index] }
}

/// Consecutive integers from `start` (`range`).
@usableFromInline struct IntegerElements: TurnElements {
  @usableFromInline let start: Int
  @inlinable init(start: Int) { self.start = start }
  @inlinable func element(at index: Int) -> Int? { start &+ index }
}

/// Consecutive integers from `start`, each made an element by a closure (`range` with one).
@usableFromInline struct MappedIntegerElements<Element>: TurnElements {
  @usableFromInline let start: Int
  @usableFromInline let transform: (Int) -> Element
  @inlinable init(start: Int, _ transform: @escaping (Int) -> Element) {
    self.start = start
    self.transform = transform
  }
  @inlinable func element(at index: Int) -> Element? { transform(start &+ index) }
}

/// Consecutive integers made elements, then run through a stepper (`range` with `fused`).
@usableFromInline struct SteppedIntegerElements<Stepper: FusedStep>: TurnElements {
  @usableFromInline let start: Int
  @usableFromInline let transform: (Int) -> Stepper.Element
  @usableFromInline let stepper: Stepper
  @inlinable init(start: Int, _ transform: @escaping (Int) -> Stepper.Element, stepper: Stepper) {
    self.start = start
    self.transform = transform
    self.stepper = stepper
  }
  @inlinable func element(at index: Int) throws -> Stepper.Element? {
    var value = transform(start &+ index)
    return try stepper.step(&value) ? value : nil
  }
  @inlinable var isDone: Bool { stepper.isDone }
}

/// Emits `count` values, then completion, one per turn of the current-thread trampoline:
/// RxSwift's `scheduleRecursive` on `CurrentThreadScheduler`, which `of`, `from` and `range`
/// use. Each turn emits one value and queues the next turn behind whatever is already
/// waiting, so two such sources subscribed together interleave (1 a 2 b), as in RxSwift.
/// When nothing else waits, the next turn is taken at once, without a trip through the queue.
/// `elements` may drop a value (nil: the turn emits nothing) or fail (the error ends the run),
/// as a source with `fused` steps in its loop does. Between values the loop asks its
/// `TurnLoop` whether to go on, and hands it the next turn when it leaves early: a paused run
/// (`RunControl.slice`) keeps it, and the values go on where they stopped when it resumes.
@usableFromInline final class TurnByTurn<Elements: TurnElements>: Cancelable {
  @usableFromInline typealias Element = Elements.Element
  @usableFromInline let count: Int
  @usableFromInline let elements: Elements
  @usableFromInline let observer: Observer<Element>
  /// `observer.isDisposed` or the run paused, asked per value without a call per operator
  /// downstream.
  @usableFromInline let loop: TurnLoop
  @usableFromInline @exclusivity(unchecked) var index = 0
  @usableFromInline @exclusivity(unchecked) var isDisposed = false

  @inlinable init(count: Int, observer: Observer<Element>, elements: Elements) {
    self.count = count
    self.elements = elements
    self.observer = observer
    self.loop = TurnLoop(observer.lifetime)
  }

  /// Starts a run: the first turn is queued if a subscription is in progress.
  @inlinable static func start(count: Int, observer: Observer<Element>, elements: Elements) -> any Disposable
  {
    let run = TurnByTurn(count: count, observer: observer, elements: elements)
    CurrentThread.schedule(run.turn)
    return run
  }

  @inlinable func dispose() { isDisposed = true }

  /// Emits the next value (or the completion), then queues the next turn. Inlinable, so that
  /// the loop is specialised for the element type where the source is made: generic, it
  /// would copy, wrap and destroy every value through the type's witnesses.
  @inlinable func turn() {
    // A turn runs under the thread's trampoline, installed until the turn returns (a turn
    // is only ever run from its queue): looked up once, not at every value. The index stays
    // in a register until the turn ends (only this loop reads it).
    let trampoline = CurrentThread.current
    // The loop's lifetimes in a local: as a stored property they were loaded from the object
    // again after every value (`onNext` is opaque to the optimiser).
    let loop = self.loop
    var index = self.index
    defer { self.index = index }
    while !isDisposed && loop.goesOn {
      guard index < count else {
        isDisposed = true
        observer.onCompleted()
        return
      }
      let value: Element?
      do {
        value = try elements.element(at: index)
      } catch {
        isDisposed = true
        observer.onError(error)
        return
      }
      index &+= 1
      if let value { observer.onNext(value) }
      if elements.isDone {
        if isDisposed || loop.isDisposed { return }
        isDisposed = true
        observer.onCompleted()
        return
      }
      if !trampoline.pointee.queue.isEmpty {
        trampoline.pointee.queue.enqueue(turn)
        return
      }
    }
    // Ended, or the run is paused (the prompt's turn): the loop hands the next turn on.
    if !isDisposed {
      self.index = index
      loop.leave(turn)
    }
  }
}
