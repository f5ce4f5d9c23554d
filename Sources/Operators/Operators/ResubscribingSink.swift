/// A sink that subscribes to its source again and again without growing the stack.
///
/// `retry` and `retry(when:)` resubscribe from inside an error handler. A source that fails
/// while it is being subscribed would make that recursion a million frames deep, so a
/// resubscription asked for while one is running is only noted, and the running loop makes
/// it once the current `subscribe` has returned (a trampoline). A bounded loop (`retry 3`)
/// goes on until the sink itself has ended, as RxSwift's does even when downstream ended
/// during the subscription in progress; an unbounded one makes its first subscription so
/// too, then stops as soon as anything downstream of it has ended, or the run is stopped.
///
/// An operator that may resubscribe without end reports each resubscription to the run's
/// `RunControl`, which stops a run resubscribing on and on at one instant.
@usableFromInline class ResubscribingSink<Element>: Sink<Element> {
  @usableFromInline final let source: Observable<Element>
  /// Whether resubscriptions are reported as possible runaways (no bound on their number).
  @usableFromInline final let unbounded: Bool
  @usableFromInline @exclusivity(unchecked) final var subscribedBefore = false
  /// The run's control, looked up at the first resubscription.
  @usableFromInline @exclusivity(unchecked) final var control: RunControl??
  /// The subscription of the current attempt, kept here rather than in a disposable of its
  /// own: a retry makes several attempts per run, and each object costs an allocation.
  @usableFromInline @exclusivity(unchecked) final var attempt: (any Disposable)?
  @usableFromInline @exclusivity(unchecked) final var looping = false
  @usableFromInline @exclusivity(unchecked) final var pending = false

  @inlinable init(observer: Observer<Element>, source: Observable<Element>, unbounded: Bool = true) {
    self.source = source
    self.unbounded = unbounded
    super.init(observer: observer)
  }

  /// Subscribes to the source now, or right after the subscription in progress returns.
  ///
  /// `handler` receives the new attempt's events. Subclasses pass `{ self.on($0) }` from
  /// their own (final) code, so the event path is specialised and called directly, not
  /// through a generic class's vtable. `inSubscription` is true when called from the
  /// operator's subscribe function, where the current-thread trampoline is installed;
  /// otherwise (an error, perhaps from a timer) the trampoline is looked up once for the
  /// loop, not at every attempt.
  @inlinable @inline(__always) final func subscribeAgain(
    inSubscription: Bool = false, _ handler: @escaping (Event<Element>) -> Void
  ) {
    pending = true
    guard !looping else { return }
    looping = true
    let trampoline = inSubscription ? nil : CurrentThread.current
    // One observer for every attempt of this loop: made (and retained) once, not per attempt.
    let observer = Observer(lifetime: self, handler)
    var synchronous = false
    while pending && !(unbounded && subscribedBefore ? isDisposed : isEndedOrStopped) {
      pending = false
      if synchronous, let control = pausedRun {
        // The run is paused: the next attempt is made when it resumes, as if asked then.
        looping = false
        control.park { self.subscribeAgain(handler) }
        return
      }
      if subscribedBefore && unbounded && !countResubscription(synchronous: synchronous) { break }
      subscribedBefore = true
      subscribeOnce(trampoline, observer)
      synchronous = true
    }
    looping = false
  }

  @inlinable final func countResubscription(synchronous: Bool) -> Bool {
    countResubscription(synchronous: synchronous, control: &control)
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

extension Sink {
  /// Reports a resubscription to the run's control, looked up once and kept in `control`;
  /// false when it made the run a runaway (the run is stopped). Without a control, true.
  @inlinable final func countResubscription(synchronous: Bool, control: inout RunControl??) -> Bool {
    // Read in place: copying the double optional out costs two calls per resubscription.
    if control == nil { control = .some(runControl) }
    guard case .some(.some(let found)) = control else { return true }
    return found.countResubscription(synchronous: synchronous)
  }
}
