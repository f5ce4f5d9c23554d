/// A sink that starts with one source and may switch, once, to another: `catch` switches
/// to its fallback, `timeout` to its other stream.
///
/// The first source's disposable goes in a holder that the switch replaces, so a source
/// that fails during subscribe can switch before its own disposable has arrived; the
/// switch disposes the first source right after subscribing the second, as RxSwift does.
@usableFromInline class SwitchingSink<Element>: Sink<Element> {
  /// The first source's subscription, then the second's.
  @usableFromInline final let subscription = SerialDisposable()

  /// Subscribes to the first source, whose events go to `handler`: the subclass's own
  /// `{ sink.on($0) }`, so the event path is specialised and called directly.
  @inlinable final func subscribeFirst(
    _ source: Observable<Element>, _ handler: @escaping (Event<Element>) -> Void
  ) {
    setUpstream(subscription)
    let first = SingleAssignmentDisposable()
    subscription.disposable = first
    first.setDisposable(source.subscribe(Observer(lifetime: self, handler)))
  }

  /// Replaces the first source with `other`, whose events pass straight downstream.
  @inlinable final func switchTo(_ other: Observable<Element>) {
    subscription.disposable = other.subscribe(Observer(lifetime: self) { self.onSwitched($0) })
  }

  @inlinable final func onSwitched(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error, .completed: forwardStop(event)
    }
  }
}
