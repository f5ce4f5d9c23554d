/// The shared state of a stateful operator's subscription: the downstream observer, the
/// upstream subscription, and whether it has ended.
///
/// A sink is the `Cancelable` lifetime of the observers it hands upstream, so a synchronous
/// source upstream sees `isDisposed` as soon as the sink stops. Subclasses override
/// `disposeResources()` to release what they own besides the upstream subscription.
@usableFromInline class Sink<Element>: SinkBase, Cancelable {
  @usableFromInline final let observer: Observer<Element>
  @usableFromInline @exclusivity(unchecked) final var upstream: (any Disposable)?

  @inlinable init(observer: Observer<Element>) {
    self.observer = observer
    super.init()
    Resources.increment()
  }

  deinit { Resources.decrement() }

  /// True once this sink or anything downstream of it has ended.
  @inlinable final var isDisposed: Bool { disposed || observer.isDisposed }

  /// The control of the run, found through the observer's lifetime.
  @inlinable final var runControl: RunControl? { observer.lifetime?.runControl }

  /// True once this sink has ended or its run was stopped (Ctrl-C, a runaway): what stops a
  /// bounded loop of subscriptions, which goes on after everything downstream has ended, as
  /// RxSwift's concat, repeat and retry do (the end reaches them only once the subscription
  /// in progress has returned).
  @inlinable final var isEndedOrStopped: Bool { disposed || runControl?.isDisposed == true }

  /// Passes an event downstream unless the sink has ended.
  @inlinable @inline(__always) final func forward(_ event: Event<Element>) {
    if !disposed { observer.on(event) }
  }

  /// Passes a value downstream unless the sink has ended.
  @inlinable @inline(__always) final func forwardNext(_ element: Element) {
    if !disposed { observer.on(.next(element)) }
  }

  /// Passes a stop event downstream and ends the sink.
  @inlinable final func forwardStop(_ event: Event<Element>) {
    guard !disposed else { return }
    observer.on(event)
    dispose()
  }

  /// Passes on a stop event from upstream, whose element type may differ, and ends the sink.
  /// Out of line, as `fail`: an operator's value path, which runs for every value, then
  /// saves fewer registers and is shorter (OperatorsBenchmark a).
  @inlinable @inline(never) final func stop<Upstream>(_ event: Event<Upstream>) {
    switch event {
    case .next: preconditionFailure("stop(_:) takes a stop event")
    case .error(let error): forwardStop(.error(error))
    case .completed: forwardStop(.completed)
    }
  }

  /// Ends the sink with an error thrown by the operator's own function. Out of line (`stop`).
  @inlinable @inline(never) final func fail(_ error: any Error) { forwardStop(.error(error)) }

  /// Keeps the upstream subscription, or disposes it at once if the sink already ended.
  @inlinable final func setUpstream(_ disposable: any Disposable) {
    if disposed {
      disposable.dispose()
    } else {
      upstream = disposable
    }
  }

  /// Ends the sink: no event passes afterwards and upstream is disposed.
  @inlinable final func dispose() {
    guard !disposed else { return }
    disposed = true
    let old = upstream
    upstream = nil
    old?.dispose()
    disposeResources()
  }

  /// Releases what a subclass owns; called once, after the upstream is disposed.
  @inlinable func disposeResources() {}

  @usableFromInline override final var downstream: (any Cancelable)? { observer.lifetime }
}

/// What a sink is whatever its element type: whether it has ended, and the lifetime of the
/// observer downstream of it. A loop upstream reads the flag directly, without a call
/// (`DownstreamLifetimes`).
@usableFromInline class SinkBase {
  @usableFromInline @exclusivity(unchecked) final var disposed = false

  @inlinable init() {}

  /// The lifetime of the observer this sink forwards to.
  @usableFromInline var downstream: (any Cancelable)? { nil }
}
