/// A sink that subscribes to its source again and again without growing the stack.
///
/// `retry` and `retry(when:)` resubscribe from inside an error handler. A source that fails
/// while it is being subscribed would make that recursion a million frames deep, so a
/// resubscription asked for while one is running is only noted, and the running loop makes
/// it once the current `subscribe` has returned (a trampoline). The loop stops as soon as
/// the sink or anything downstream of it has ended.
@usableFromInline class ResubscribingSink<Element>: Sink<Element> {
  @usableFromInline final let source: Observable<Element>
  /// The subscription of the current attempt; replacing it disposes the previous attempt.
  @usableFromInline final let attempt = SerialDisposable()
  @usableFromInline @exclusivity(unchecked) final var looping = false
  @usableFromInline @exclusivity(unchecked) final var pending = false

  @inlinable init(observer: Observer<Element>, source: Observable<Element>) {
    self.source = source
    super.init(observer: observer)
    setUpstream(attempt)
  }

  /// Handles an event of the current attempt; subclasses override it.
  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error, .completed: forwardStop(event)
    }
  }

  /// Subscribes to the source now, or right after the subscription in progress returns.
  @inlinable final func subscribeAgain() {
    pending = true
    guard !looping else { return }
    looping = true
    while pending && !isDisposed {
      pending = false
      subscribeOnce()
    }
    looping = false
  }

  /// Ends the current attempt's subscription without starting another.
  @inlinable final func endAttempt() {
    attempt.disposable = nil
  }

  @inlinable final func subscribeOnce() {
    let current = SingleAssignmentDisposable()
    attempt.disposable = current
    current.setDisposable(source.subscribe(Observer(lifetime: self) { self.on($0) }))
  }
}
