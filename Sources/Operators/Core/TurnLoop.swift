/// A sink that runs its work in synchronous turns, one after another in a loop rather than
/// by recursion: `retry` makes an attempt per turn, `concat` and `repeat` play a source per
/// turn (RxSwift's `TailRecursiveSink`). With `TurnLoop`, the only code that knows a run can
/// pause between turns (`RunControl.slice`: the prompt's turn beside a background job).
///
/// A turn asked for while one is in progress (an attempt fails, a source completes, during
/// its own `subscribe`) is only noted (`pending`); the loop takes it once the turn in
/// progress has returned, so a million synchronous turns take no more stack than one. A
/// turn taken so, in the loop, is *synchronous*: no time can have passed since the last.
/// Before a synchronous turn, a paused run takes the loop (`RunControl.park`), which
/// returns; when the run is resumed, the loop's `resume` asks for the turn again.
///
/// A bounded loop goes on until the sink itself has ended, as RxSwift's does even when
/// downstream ended during the turn in progress (`just 1 | concat (just 2) | take 1` still
/// subscribes `just 2`, into nothing: the end reaches the loop only once that turn has
/// returned). An `endless` one makes its first turn so too, then stops as soon as anything
/// downstream has ended, and reports each further turn to the run's control, which stops a
/// run that turns on and on at one instant (a runaway, which RxSwift would loop on forever).
///
///     // retry: each attempt that fails during subscribe asks for the next.
///     guard startsTurns() else { return }  // noted: the loop in progress takes it
///     takeTurns(resume: { self.subscribeAgain(handler) }) { _ in subscribeOnce(observer) }
@usableFromInline class TurnLoopSink<Element>: Sink<Element> {
  /// Whether the turns may never run out (`retry()`, `repeat()` without a count).
  @usableFromInline @exclusivity(unchecked) final var endless = false
  @usableFromInline @exclusivity(unchecked) final var turnedOnce = false
  /// Whether a turn was asked for and not taken yet.
  @usableFromInline @exclusivity(unchecked) final var pending = false
  @usableFromInline @exclusivity(unchecked) final var looping = false
  /// The run's control, looked up once, at the first turn that needs it.
  @usableFromInline @exclusivity(unchecked) final var control: RunControl??

  /// Whether to take no further turn: `isEndedOrStopped`, or for an endless loop after its
  /// first turn `isDisposed`; the run's control looked up once.
  @inlinable final var stopsTurning: Bool {
    endless && turnedOnce ? isDisposed : disposed || knownControl()?.isDisposed == true
  }

  /// Asks for a turn: true when the caller is to take it, and the turns asked during it
  /// (`takeTurns`); false when it is only noted, for the loop in progress to take.
  @inlinable @inline(__always) final func startsTurns() -> Bool {
    pending = true
    return !looping
  }

  /// Takes the turn asked for (`startsTurns`), and those asked during it, with `turn`, which
  /// is told whether it is synchronous (taken in the loop after another). A paused run keeps
  /// `resume` (made only then), which asks for the turn again once the run is resumed.
  @inlinable @inline(__always) final func takeTurns(
    resume: @autoclosure () -> () -> Void, _ turn: (_ synchronous: Bool) -> Void
  ) {
    looping = true
    var synchronous = false
    while pending && !stopsTurning {
      pending = false
      if synchronous, let paused = TurnLoop.paused(knownControl()) {
        looping = false
        paused.park(resume())
        return
      }
      if endless && turnedOnce && !countTurn(synchronous: synchronous) { break }
      turnedOnce = true
      turn(synchronous)
      synchronous = true
    }
    looping = false
  }

  /// The run's control (nil: none), looked up once. Read in place: copying the double
  /// optional out costs two calls per turn.
  @inlinable final func knownControl() -> RunControl? {
    if control == nil { control = .some(runControl) }
    guard case .some(.some(let found)) = control else { return nil }
    return found
  }

  /// Reports a further turn of an endless loop to the run's control; false when it made the
  /// run a runaway (the run is stopped). Without a control, true.
  @inlinable final func countTurn(synchronous: Bool) -> Bool {
    knownControl()?.countResubscription(synchronous: synchronous) ?? true
  }
}

/// What a loop of values (`TurnByTurn`: `range`, `from`, `of`) asks between two values, and
/// does when it leaves with values still to emit: the other shape of a turn loop, whose next
/// turn waits on the current-thread trampoline's queue rather than in a sink.
///
/// Per value it reads whether anything downstream has ended (`DownstreamLifetimes`, without
/// the run's control when the chain ends at it) and the run's one flag for stopped or paused,
/// in place: a byte, as the sinks' flags, with no call and no nil to test (a chain without a
/// control reads `unpaused`'s). A loop that left because the run is paused hands its next
/// turn to the control (`RunControl.park`), which runs it when the run is resumed, so the
/// values go on where they stopped.
///
///     while loop.goesOn { emit the next value }
///     loop.leave(turn)  // paused: the control keeps `turn`
@usableFromInline struct TurnLoop {
  /// The lifetimes downstream, without the run's control when the chain ends at it.
  @usableFromInline let downstream: DownstreamLifetimes
  /// The run's control, or `unpaused` when the chain leads to none.
  @usableFromInline let control: RunControl

  @usableFromInline init(_ lifetime: (any Cancelable)?) {
    let lifetimes = DownstreamLifetimes(lifetime)
    let found = lifetimes.rest?.runControl
    control = found ?? Self.unpaused
    // The control's own stop is part of its pause flag: not read twice per value.
    downstream = found != nil && lifetimes.rest === found ? lifetimes.endingBefore() : lifetimes
  }

  /// The control of a loop whose chain leads to none: nothing stops or pauses it.
  @usableFromInline static let unpaused = RunControl()

  /// True while the loop may emit the next value: nothing downstream has ended, and the run
  /// is neither stopped nor paused.
  @inlinable var goesOn: Bool {
    !downstream.isDisposed && !control.isDisposedOrPaused
  }

  /// True once anything downstream has ended or the run was stopped: `observer.isDisposed`.
  @inlinable var isDisposed: Bool { downstream.isDisposed || control.isDisposed }

  /// The loop left before its end (`goesOn` turned false): if it is because the run is
  /// paused, `next` waits on the run's control until the run is resumed.
  @inlinable func leave(_ next: @escaping () -> Void) {
    guard !isDisposed, let paused = Self.paused(control) else { return }
    paused.park(next)
  }

  /// `control`, if the run is paused now (and not stopped): one flag read while it is not.
  @inlinable static func paused(_ control: RunControl?) -> RunControl? {
    guard let control, control.isDisposedOrPaused, control.isPaused else { return nil }
    return control
  }
}
