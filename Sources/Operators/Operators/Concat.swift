extension Observable {
  /// Plays `sources` one after another: each is subscribed when the previous one completes.
  /// The first error ends the stream.
  ///
  ///     a-b|  -c|  concat  a-b-c|
  @inlinable
  public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable(unsafe: { observer in
      let sink = ConcatSink(observer: observer, sources: sources)
      sink.playNext()
      return sink
    })
  }

  /// Plays this observable, then `other` once it has completed.
  ///
  ///     a-b|  concat(-c|)  a-b-c|
  @inlinable
  public func concat(_ other: Observable<Element>) -> Observable<Element> {
    Observable.concat([self, other])
  }
}

@usableFromInline final class ConcatSink<Element>: SerialSink<Element> {
  @usableFromInline let sources: [Observable<Element>]
  @usableFromInline @exclusivity(unchecked) var index = 0

  @inlinable init(observer: Observer<Element>, sources: [Observable<Element>]) {
    self.sources = sources
    super.init(observer: observer)
  }

  @inlinable override func nextSource() -> Observable<Element>? {
    guard index < sources.count else { return nil }
    defer { index += 1 }
    return sources[index]
  }

  @inlinable override func sourcesExhausted() { forwardStop(.completed) }
}
