/// Receives the events of one subscription.
///
/// An observer is a closure plus an optional lifetime: the `Cancelable` of the subscription
/// downstream of it. Sources that emit many values synchronously (`range`, `from`, `repeat`)
/// check `isDisposed` between values, so an early stop downstream stops them too.
///
///     let observer = Observer<Int> { print($0) }
///     observer.onNext(1)  // prints next(1)
public struct Observer<Element> {
  @usableFromInline let handler: (Event<Element>) -> Void
  @usableFromInline let lifetime: (any Cancelable)?

  /// An observer calling `handler` for every event.
  @inlinable public init(
    lifetime: (any Cancelable)? = nil, _ handler: @escaping (Event<Element>) -> Void
  ) {
    self.handler = handler
    self.lifetime = lifetime
  }

  /// Delivers one event.
  @inlinable @inline(__always) public func on(_ event: Event<Element>) { handler(event) }

  @inlinable @inline(__always) public func onNext(_ element: Element) { handler(.next(element)) }

  @inlinable public func onError(_ error: any Error) { handler(.error(error)) }

  @inlinable public func onCompleted() { handler(.completed) }

  /// True once the subscription downstream has ended; a source should stop emitting.
  @inlinable public var isDisposed: Bool { lifetime?.isDisposed ?? false }

  /// An observer for `Upstream` elements sharing this observer's lifetime.
  @inlinable public func forwarding<Upstream>(
    _ handler: @escaping (Event<Upstream>) -> Void
  ) -> Observer<Upstream> {
    Observer<Upstream>(lifetime: lifetime, handler)
  }
}
