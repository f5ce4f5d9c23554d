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
      // A value goes on from here, as it came: through `on(_:)` it was copied out and back
      // into memory, a retain and a release per value.
      sink.subscribeFirst(source) { if case .next = $0 { sink.forward($0) } else { sink.on($0) } }
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

@usableFromInline final class CatchSink<Element>: SwitchingSink<Element> {
  @usableFromInline let handler: (any Error) throws -> Observable<Element>

  @inlinable init(
    observer: Observer<Element>, handler: @escaping (any Error) throws -> Observable<Element>
  ) {
    self.handler = handler
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .completed: forwardStop(event)
    case .error(let error):
      do {
        switchTo(try handler(error))
      } catch {
        forwardStop(.error(error))
      }
    }
  }
}
