extension Observable where Element == Int {
  /// `count` consecutive integers from `start`, then completion, one per turn of the
  /// current-thread trampoline, as `from` (RxSwift's `range`).
  ///
  /// The loop checks the subscription between values, so
  /// `range(start: 0, count: 1_000_000_000).take(3)` returns at once.
  ///
  ///     range(start: 1, count: 3)  // (123|)
  @inlinable public static func range(start: Int, count: Int) -> Observable<Int> {
    checkRange(start: start, count: count)
    return Observable(unsafe: { observer in
      TurnByTurn.start(count: count, observer: observer, elements: IntegerElements(start: start))
    })
  }
}

extension Observable {
  /// `count` consecutive integers from `start`, each made an element by `element`, then
  /// completion, turn by turn as `from`: `range` and `map` in one loop, for sources whose
  /// elements wrap an integer.
  ///
  ///     range(start: 1, count: 3) { "#\($0)" }  // ("#1" "#2" "#3"|)
  @inlinable public static func range(
    start: Int, count: Int, _ element: @escaping (Int) -> Element
  ) -> Observable<Element> {
    checkRange(start: start, count: count)
    return Observable(unsafe: { observer in
      TurnByTurn.start(
        count: count, observer: observer, elements: MappedIntegerElements(start: start, element))
    })
  }
}

extension Observable {
  /// `range(start:count:_:)` and `fused` in one loop: each value goes through a stepper made
  /// for the subscription before it is emitted, so a value the stepper drops costs nothing
  /// downstream, and one it keeps a single call. Turn by turn as `range`; a thrown error ends
  /// the stream (a value the stepper drops still takes its turn).
  ///
  ///     range(start: 1, count: 4, { $0 }, fused: { Tens() })  // (20 30 40|), Tens as in `fused`
  @inlinable public static func range<Stepper: FusedStep>(
    start: Int, count: Int, _ element: @escaping (Int) -> Element, fused make: @escaping () -> Stepper
  ) -> Observable<Element> where Stepper.Element == Element {
    checkRange(start: start, count: count)
    return Observable(unsafe: { observer in
      TurnByTurn.start(
        count: count, observer: observer,
        elements: SteppedIntegerElements(start: start, element, stepper: make()))
    })
  }
}

/// Stops on a range that cannot be: a negative count, or one that runs past `Int.max`.
@inlinable func checkRange(start: Int, count: Int) {
  precondition(count >= 0, "range: count can't be negative")
  precondition(count == 0 || start <= Int.max - (count - 1), "range: start + count overflows")
}
