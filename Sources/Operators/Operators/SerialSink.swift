/// The sink of the operators that play sources one after another: `concat`, `concatMap`
/// and `repeat`.
///
/// When the current source completes, the next one is subscribed. A source that completes
/// while being subscribed does not subscribe the next one from inside itself: the loop in
/// `playNext` does, so a million synchronous sources take no more stack than one.
@usableFromInline class SerialSink<Element>: Sink<Element> {
  @usableFromInline final let current = SerialDisposable()
  @usableFromInline @exclusivity(unchecked) final var subscribing = false
  @usableFromInline @exclusivity(unchecked) final var completedWhileSubscribing = false
  /// While `nextSource` runs: whether the previous source completed during its `subscribe`,
  /// so no time can have passed since.
  @usableFromInline @exclusivity(unchecked) final var afterSynchronousSource = false

  /// Whether the sources may never run out (`repeat` without a count): such a sink stops as
  /// soon as anything downstream has ended, where RxSwift's would spin at that instant.
  @usableFromInline @exclusivity(unchecked) final var endless = false

  @usableFromInline @exclusivity(unchecked) final var playedOne = false

  /// Whether to play no further source. A bounded sink goes on until it is disposed itself,
  /// as RxSwift's concat does: downstream may have ended during the subscription in progress
  /// (`just 1 | concat (just 2) | take 1` still subscribes `just 2`, into nothing), since the
  /// end reaches it only once that subscription has returned. An endless one makes its first
  /// subscription so too, then stops.
  @inlinable final var stopped: Bool { endless && playedOne ? isDisposed : isEndedOrStopped }

  /// Whether a source that completed is let go at once (`concatMap`, whose inners RxSwift
  /// removes from its group before anything else), or kept until the next one replaces it
  /// or the sink ends (`concat`, `repeat`: RxSwift's tail-recursive sink disposes it only
  /// when it subscribes the next, and passes the completion of the last one downstream
  /// before releasing it, so a `share` above still has its subscriber when a `repeat` or
  /// `retry` below subscribes again).
  @inlinable var releasesCompletedSource: Bool { false }

  /// The next source to play, or nil when none is ready; subclasses override it.
  @inlinable func nextSource() -> Observable<Element>? { nil }

  /// Called when a source completed and no next one is ready; subclasses override it.
  @inlinable func sourcesExhausted() {}

  /// Plays sources until one is still running, none is ready, or the sink has ended.
  @inlinable final func playNext() {
    afterSynchronousSource = false
    while !stopped {
      if afterSynchronousSource, let control = pausedRun {
        // The run is paused: the next source is played when it resumes.
        control.park { self.playNext() }
        return
      }
      guard let source = nextSource() else { return stopped ? () : sourcesExhausted() }
      let inner = InnerSubscription(parent: self)
      current.disposable = inner
      subscribing = true
      completedWhileSubscribing = false
      inner.subscribe(source) { self.onInner($0) }
      playedOne = true
      subscribing = false
      if !completedWhileSubscribing { return }
      afterSynchronousSource = true
    }
  }

  @inlinable final func onInner(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .error: forwardStop(event)
    case .completed:
      if releasesCompletedSource { current.disposable = nil }
      if subscribing {
        completedWhileSubscribing = true
      } else {
        playNext()
      }
    }
  }

  @inlinable override func disposeResources() { current.dispose() }
}
