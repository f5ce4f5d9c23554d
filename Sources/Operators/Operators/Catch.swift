extension Observable {
  /// Replaces a failed stream with the one `handler` returns, subscribed at the error's time.
  ///
  /// The handler's own error ends the stream with that error.
  ///
  ///     a-b-#  catch { _ in x-y| }  a-b-x-y|
  @inlinable
  public func `catch`(
    _ handler: @escaping (any Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = CatchSink(observer: observer, handler: handler)
      sink.run(source)
      return sink
    })
  }

  /// Replaces an error with one last value, then completes.
  ///
  ///     a-b-#  catchAndReturn(z)  a-b-(z|)
  @inlinable public func catchAndReturn(_ element: Element) -> Observable<Element> {
    self.catch { _ in .just(element) }
  }
}

@usableFromInline final class CatchSink<Element>: Sink<Element> {
  @usableFromInline let handler: (any Error) throws -> Observable<Element>
  /// The source's subscription, then the fallback's.
  @usableFromInline let subscription = SerialDisposable()

  @inlinable init(
    observer: Observer<Element>, handler: @escaping (any Error) throws -> Observable<Element>
  ) {
    self.handler = handler
    super.init(observer: observer)
  }

  @inlinable func run(_ source: Observable<Element>) {
    setUpstream(subscription)
    // A source failing during subscribe installs the fallback before its own disposable
    // arrives, so the source's disposable goes in a holder the fallback replaces.
    let first = SingleAssignmentDisposable()
    subscription.disposable = first
    first.setDisposable(source.subscribe(Observer(lifetime: self) { self.on($0) }))
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .completed: forwardStop(event)
    case .error(let error):
      do {
        let fallback = try handler(error)
        subscription.disposable = fallback.subscribe(
          Observer(lifetime: self) { self.onFallback($0) })
      } catch {
        forwardStop(.error(error))
      }
    }
  }

  @inlinable func onFallback(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error, .completed: forwardStop(event)
    }
  }
}
