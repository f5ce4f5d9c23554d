/// The lifetimes downstream of a loop's observer, taken apart once, so that the loop asks
/// per value whether its subscription has ended without a call per operator.
///
/// `Observer.isDisposed` follows the chain downstream: each sink has ended or asks the
/// observer it forwards to, one call through the protocol per level. The chain cannot change
/// (a sink's observer and an observer's lifetime are constants), so `range` and `from` take
/// it apart when they start: the flags of the first four sinks are read directly, and what
/// follows them (the subscriber's own lifetime, a run control, more sinks) is asked as
/// before. The answer is the same as `observer.isDisposed`, at every value.
///
///     // range → map → filter → scan → subscriber: three flags read, then the subscriber's
///     // lifetime asked (nil: not ended).
///     DownstreamLifetimes(observer.lifetime).isDisposed
@usableFromInline struct DownstreamLifetimes {
  // A chain of fewer than four sinks leaves `unused` in the last places, a sink that never
  // ends: a flag to read rather than a nil to test first.
  @usableFromInline let first: SinkBase
  @usableFromInline let second: SinkBase
  @usableFromInline let third: SinkBase
  @usableFromInline let fourth: SinkBase
  /// What follows the sinks read directly, asked through its own `isDisposed`.
  @usableFromInline let rest: (any Cancelable)?

  @usableFromInline init(_ lifetime: (any Cancelable)?) {
    var next = lifetime
    func nextSink() -> SinkBase {
      guard let sink = next as? SinkBase else { return Self.unused }
      next = sink.downstream
      return sink
    }
    first = nextSink()
    second = nextSink()
    third = nextSink()
    fourth = nextSink()
    rest = next
  }

  /// The sink in the places a short chain leaves empty: it never ends (nothing disposes it).
  @usableFromInline nonisolated(unsafe) static let unused = SinkBase()

  /// True once anything downstream has ended: `observer.isDisposed`.
  @inlinable var isDisposed: Bool {
    first.disposed || second.disposed || third.disposed || fourth.disposed
      || rest?.isDisposed == true
  }

  /// These lifetimes without what follows the sinks read directly (`TurnLoop`: the run's
  /// control, which it reads itself).
  @usableFromInline func endingBefore() -> DownstreamLifetimes {
    DownstreamLifetimes(first: first, second: second, third: third, fourth: fourth, rest: nil)
  }

  @usableFromInline init(
    first: SinkBase, second: SinkBase, third: SinkBase, fourth: SinkBase, rest: (any Cancelable)?
  ) {
    self.first = first
    self.second = second
    self.third = third
    self.fourth = fourth
    self.rest = rest
  }
}
