/// A sink that subscribes to its source again and again without growing the stack.
///
/// `retry` and `retry(when:)` resubscribe from inside an error handler. A source that fails
/// while it is being subscribed would make that recursion a million frames deep, so a
/// resubscription asked for while one is running is only noted, and the running loop makes
/// it once the current `subscribe` has returned (a trampoline). The loop stops as soon as
/// the sink or anything downstream of it has ended.
@usableFromInline class ResubscribingSink<Element>: Sink<Element> {
  @usableFromInline final let source: Observable<Element>
  /// The subscription of the current attempt, kept here rather than in a disposable of its
  /// own: a retry makes several attempts per run, and each object costs an allocation.
  @usableFromInline @exclusivity(unchecked) final var attempt: (any Disposable)?
  @usableFromInline @exclusivity(unchecked) final var looping = false
  @usableFromInline @exclusivity(unchecked) final var pending = false

  @inlinable init(observer: Observer<Element>, source: Observable<Element>) {
    self.source = source
    super.init(observer: observer)
  }

  /// Subscribes to the source now, or right after the subscription in progress returns.
  ///
  /// `handler` receives the new attempt's events. Subclasses pass `{ self.on($0) }` from
  /// their own (final) code, so the event path is specialised and called directly, not
  /// through a generic class's vtable.
  @inlinable final func subscribeAgain(_ handler: @escaping (Event<Element>) -> Void) {
    pending = true
    guard !looping else { return }
    looping = true
    while pending && !isDisposed {
      pending = false
      subscribeOnce(handler)
    }
    looping = false
  }

  /// Ends the current attempt's subscription without starting another.
  @inlinable final func endAttempt() {
    let old = attempt
    attempt = nil
    old?.dispose()
  }

  /// Disposes the previous attempt, then subscribes anew, as RxSwift does. An attempt that
  /// fails during `subscribe` is kept until the loop's next turn disposes it.
  @inlinable final func subscribeOnce(_ handler: @escaping (Event<Element>) -> Void) {
    endAttempt()
    let subscription = source.subscribe(Observer(lifetime: self, handler))
    if disposed {
      subscription.dispose()
    } else {
      attempt = subscription
    }
  }

  @inlinable override func disposeResources() { endAttempt() }
}
