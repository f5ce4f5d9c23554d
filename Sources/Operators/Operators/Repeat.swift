extension Observable {
  /// Subscribes again each time this observable completes: `count` subscriptions in all, or
  /// forever when nil; `repeat(0)` (or less) completes at once. An error ends the stream.
  ///
  /// A source that completes synchronously is replayed in a loop, not by recursion. As in
  /// RxSwift, `repeat(n)` makes its n subscriptions even if downstream ended during them
  /// (`just(1).repeat(3).take(1)` subscribes three times); an endless repeat stops as soon as
  /// downstream has ended.
  ///
  ///     a-b|  repeat(2)  a-ba-b|
  @inlinable
  public func `repeat`(_ count: Int? = nil) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = RepeatSink(observer: observer, source: source, count: count)
      sink.playNext()
      return sink
    })
  }
}

@usableFromInline final class RepeatSink<Element>: SerialSink<Element> {
  @usableFromInline let source: Observable<Element>
  /// Subscriptions still to make; nil for no limit.
  @usableFromInline @exclusivity(unchecked) var remaining: Int?

  @inlinable init(observer: Observer<Element>, source: Observable<Element>, count: Int?) {
    self.source = source
    self.remaining = count
    super.init(observer: observer)
    endless = count == nil
  }

  @inlinable override func nextSource() -> Observable<Element>? {
    if let left = remaining {
      guard left > 0 else { return nil }
      remaining = left - 1
    }
    return source
  }

  @inlinable override func sourcesExhausted() { forwardStop(.completed) }
}
