extension Observable {
  /// Runs side effects for the events and the lifetime of each subscription, as RxSwift's
  /// `do`; the events pass through unchanged.
  ///
  /// `onNext`, `onError` and `onCompleted` run before the event goes downstream and
  /// `afterNext` after it; one that throws ends the stream with its error. `onSubscribe` runs
  /// before the source is subscribed, `onSubscribed` after, and `onDispose` once, after the
  /// source's subscription is released, whether by a stop event or by disposal (never
  /// before `onSubscribed`). Under `retry`, every attempt runs them again.
  ///
  ///     a-b-#  do(onNext: log)  a-b-#   (logs a, b)
  @inlinable
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((any Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Observable<Element> {
    let source = self
    let handlers = DoHandlers(
      onNext: onNext, afterNext: afterNext, onError: onError, onCompleted: onCompleted,
      onDispose: onDispose)
    return Observable(unsafe: { observer in
      onSubscribe?()
      let sink = DoSink(observer: observer, handlers: handlers)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      onSubscribed?()
      sink.subscribed()
      return sink
    })
  }
}

/// The event and dispose actions of one `do`.
@usableFromInline struct DoHandlers<Element> {
  @usableFromInline let onNext: ((Element) throws -> Void)?
  @usableFromInline let afterNext: ((Element) throws -> Void)?
  @usableFromInline let onError: ((any Error) throws -> Void)?
  @usableFromInline let onCompleted: (() throws -> Void)?
  @usableFromInline let onDispose: (() -> Void)?

  @inlinable init(
    onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
    onError: ((any Error) throws -> Void)?, onCompleted: (() throws -> Void)?,
    onDispose: (() -> Void)?
  ) {
    self.onNext = onNext
    self.afterNext = afterNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.onDispose = onDispose
  }
}

@usableFromInline final class DoSink<Element>: Sink<Element> {
  @usableFromInline let handlers: DoHandlers<Element>
  /// True until `onSubscribed` has run; a dispose before then runs `onDispose` after it.
  @usableFromInline var subscribing = true
  @usableFromInline var disposedWhileSubscribing = false

  @inlinable init(observer: Observer<Element>, handlers: DoHandlers<Element>) {
    self.handlers = handlers
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    do {
      switch event {
      case .next(let value):
        try handlers.onNext?(value)
        forwardNext(value)
        try handlers.afterNext?(value)
      case .error(let error):
        try handlers.onError?(error)
        forwardStop(event)
      case .completed:
        try handlers.onCompleted?()
        forwardStop(event)
      }
    } catch {
      forwardStop(.error(error))
    }
  }

  @inlinable func subscribed() {
    subscribing = false
    if disposedWhileSubscribing { handlers.onDispose?() }
  }

  @inlinable override func disposeResources() {
    if subscribing {
      disposedWhileSubscribing = true
    } else {
      handlers.onDispose?()
    }
  }
}
