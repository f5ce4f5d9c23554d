/// The sink of the operators that play sources one after another: `concat`, `concatMap`
/// and `repeat`.
///
/// When the current source completes, the next one is subscribed: each source is a turn of
/// the sink's `TurnLoopSink` loop, so a source that completes while being subscribed does
/// not subscribe the next one from inside itself, and a million synchronous sources take no
/// more stack than one. A bounded sink goes on until it is disposed itself, as RxSwift's
/// concat does; an `endless` one (`repeat` without a count) stops as soon as anything
/// downstream has ended, where RxSwift's would spin at that instant.
@usableFromInline class SerialSink<Element>: TurnLoopSink<Element> {
  @usableFromInline final let current = SerialDisposable()

  /// Whether a source that completed is let go at once (`concatMap`, whose inners RxSwift
  /// removes from its group before anything else), or kept until the next one replaces it
  /// or the sink ends (`concat`, `repeat`: RxSwift's tail-recursive sink disposes it only
  /// when it subscribes the next, and passes the completion of the last one downstream
  /// before releasing it, so a `share` above still has its subscriber when a `repeat` or
  /// `retry` below subscribes again).
  @inlinable var releasesCompletedSource: Bool { false }

  /// The next source to play, or nil when none is ready; subclasses override it, unless
  /// they play `waiting`.
  @inlinable func nextSource() -> Observable<Element>? { nil }

  /// Whether the sources to play are those in `waiting` (`concatMap`), not `nextSource()`'s.
  @inlinable var playsWaiting: Bool { false }

  /// The sources waiting their turn, for a sink that `playsWaiting`. They are kept here,
  /// where `playNext` is specialised: a generic subclass's override is called unspecialised,
  /// and `concatMap`'s dequeue there looked up generic metadata for every inner.
  @usableFromInline @exclusivity(unchecked) final var waiting = RingBuffer<Observable<Element>>()

  /// Called when a source completed and no next one is ready; subclasses override it.
  @inlinable func sourcesExhausted() {}

  /// Plays sources until one is still running, none is ready, or the sink has ended.
  @inlinable final func playNext() {
    guard startsTurns() else { return }
    takeTurns(resume: { self.playNext() }) { _ in
      guard let source = playsWaiting ? waiting.dequeue() : nextSource() else {
        return stopsTurning ? () : sourcesExhausted()
      }
      let inner = InnerSubscription(parent: self)
      current.disposable = inner
      inner.subscribe(source) { self.onInner($0) }
    }
  }

  @inlinable final func onInner(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error: forwardStop(event)
    case .completed:
      if releasesCompletedSource { current.disposable = nil }
      playNext()
    }
  }

  @inlinable override func disposeResources() { current.dispose() }
}
