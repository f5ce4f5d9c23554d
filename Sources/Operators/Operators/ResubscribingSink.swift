/// A sink that subscribes to its source again and again without growing the stack.
///
/// `retry` and `retry(when:)` resubscribe from inside an error handler. A source that fails
/// while it is being subscribed would make that recursion a million frames deep, so each
/// attempt is a turn of the sink's `TurnLoopSink` loop: a resubscription asked for while one
/// is running is only noted, and made once the current `subscribe` has returned. A bounded
/// retry (`retry 3`) goes on until the sink itself has ended; an unbounded one (`endless`)
/// stops as soon as anything downstream of it has ended, or the run is stopped, and reports
/// each resubscription to the run's `RunControl`, which stops a run resubscribing on and on
/// at one instant.
@usableFromInline class ResubscribingSink<Element>: TurnLoopSink<Element> {
  @usableFromInline final let source: Observable<Element>
  /// The subscription of the current attempt, kept here rather than in a disposable of its
  /// own: a retry makes several attempts per run, and each object costs an allocation.
  @usableFromInline @exclusivity(unchecked) final var attempt: (any Disposable)?

  @inlinable init(observer: Observer<Element>, source: Observable<Element>, unbounded: Bool = true) {
    self.source = source
    super.init(observer: observer)
    endless = unbounded
  }

  /// Subscribes to the source now, or right after the subscription in progress returns.
  ///
  /// `handler` receives the attempts' events. Subclasses pass `{ self.on($0) }` from their
  /// own (final) code, so the event path is specialised and called directly, not through a
  /// generic class's vtable. `inSubscription` is true when called from the operator's
  /// subscribe function, where the current-thread trampoline is installed; otherwise (an
  /// error, perhaps from a timer) the trampoline is looked up once for the loop, not at
  /// every attempt.
  @inlinable @inline(__always) final func subscribeAgain(
    inSubscription: Bool = false, _ handler: @escaping (Event<Element>) -> Void
  ) {
    guard startsTurns() else { return }
    let trampoline = inSubscription ? nil : CurrentThread.current
    // One observer for every attempt of this loop: made (and retained) once, not per attempt.
    let observer = Observer(lifetime: self, handler)
    takeTurns(resume: { self.subscribeAgain(handler) }) { _ in subscribeOnce(trampoline, observer) }
  }

  /// Ends the current attempt's subscription without starting another.
  @inlinable final func endAttempt() {
    let old = attempt
    attempt = nil
    old?.dispose()
  }

  /// Disposes the previous attempt, then subscribes anew, as RxSwift does. An attempt that
  /// fails during `subscribe` is kept until the loop's next turn disposes it. The source is
  /// subscribed as `subscribe` does, with this thread's `trampoline` (nil: it is installed).
  @inlinable final func subscribeOnce(
    _ trampoline: UnsafeMutablePointer<CurrentThread.Trampoline>?, _ observer: Observer<Element>
  ) {
    endAttempt()
    let subscription: any Disposable
    if let trampoline, !trampoline.pointee.isActive {
      subscription = CurrentThread.install(trampoline) { source.subscribeNested(observer) }
    } else {
      subscription = source.subscribeNested(observer)
    }
    if disposed {
      subscription.dispose()
    } else {
      attempt = subscription
    }
  }

  @inlinable override func disposeResources() { endAttempt() }
}
