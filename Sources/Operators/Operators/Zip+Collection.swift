extension Observable {
  /// Gathers the n-th value of every source into an array. As RxSwift's collection `zip`, it
  /// completes once every source has completed, or when a value arrives that can never be
  /// paired because every other source has completed; the first error ends it. Zipping no
  /// sources completes at once.
  ///
  ///     a-b|  -1--2--3|  zip  -A--B--|  (A = [a, 1], B = [b, 2]; at 3 nothing can pair)
  @inlinable
  public static func zip(_ sources: [Observable<Element>]) -> Observable<[Element]> {
    Observable<[Element]>(unsafe: { observer in
      let sink = ZipCollectionSink(observer: observer, arity: sources.count)
      sink.subscribeAll(sources) { sink.onValue($0, at: $1) }
      return sink
    })
  }
}

@usableFromInline final class ZipCollectionSink<Element>: CombiningSink<[Element]> {
  @usableFromInline @exclusivity(unchecked) var queues: [RingBuffer<Element>]
  /// How many queues hold at least one value.
  @usableFromInline @exclusivity(unchecked) var filledQueues = 0

  @inlinable override init(observer: Observer<[Element]>, arity: Int) {
    queues = Array(repeating: RingBuffer(), count: arity)
    super.init(observer: observer, arity: arity)
  }

  @inlinable func onValue(_ value: Element, at index: Int) {
    queues[index].enqueue(value)
    if queues[index].count == 1 { filledQueues += 1 }
    guard filledQueues == queues.count else {
      if othersCompleted(index) { forwardStop(.completed) }
      return
    }
    var values: [Element] = []
    values.reserveCapacity(queues.count)
    filledQueues = 0
    for position in queues.indices {
      values.append(queues[position].dequeue()!)
      if !queues[position].isEmpty { filledQueues += 1 }
    }
    forwardNext(values)
  }
}
