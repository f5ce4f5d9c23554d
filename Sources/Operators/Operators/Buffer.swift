extension Observable {
  /// Collects values into arrays of `count`, emitting each array when full.
  ///
  /// As RxSwift's `buffer(timeSpan:count:)` with a time span that never elapses: completion
  /// emits what was collected, even when that is empty, and then completes; an error drops
  /// what was collected and is passed on at once.
  ///
  ///     a-b-c-d-e|  buffer(count: 2)  --A---B--(C|)  (A = [a, b], B = [c, d], C = [e])
  @inlinable public func buffer(count: Int) -> Observable<[Element]> {
    precondition(count > 0, "buffer: count must be positive")
    let source = self
    return Observable<[Element]>(unsafe: { observer in
      let sink = BufferSink(observer: observer, count: count)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class BufferSink<Element>: Sink<[Element]> {
  @usableFromInline let count: Int
  @usableFromInline @exclusivity(unchecked) var buffer: [Element] = []

  @inlinable init(observer: Observer<[Element]>, count: Int) {
    self.count = count
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      buffer.append(value)
      if buffer.count == count { forwardNext(take()) }
    case .error(let error):
      buffer = []
      forwardStop(.error(error))
    case .completed:
      forwardNext(take())
      forwardStop(.completed)
    }
  }

  @inlinable func take() -> [Element] {
    let full = buffer
    buffer = []
    return full
  }
}

extension Observable {
  /// Collects values into arrays, emitting each when it holds `count` values or when
  /// `timeSpan` has passed since the previous one was emitted (or since the subscription),
  /// whichever comes first; a window that closes by time emits what it has, even nothing
  /// (RxSwift's `buffer(timeSpan:count:scheduler:)`). A full window starts the next one's
  /// timer anew. Completion emits what was collected, then completes; an error drops it.
  ///
  ///     a-b-c-----d|  buffer(timeSpan: 4, count: 2)  --A---B---(C|)  (A = [a, b], B = [c], C = [d])
  @inlinable public func buffer(timeSpan: Time, count: Int, scheduler: any Scheduler) -> Observable<[Element]>
  {
    precondition(count > 0, "buffer: count must be positive")
    let source = self
    return Observable<[Element]>(unsafe: { observer in
      let sink = TimedBufferSink<Element>(
        observer: observer, timeSpan: timeSpan, count: count, scheduler: scheduler)
      sink.startWindow()
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class TimedBufferSink<Element>: TimedSink<[Element]> {
  @usableFromInline let timeSpan: Time
  @usableFromInline let count: Int
  @usableFromInline @exclusivity(unchecked) var buffer: [Element] = []

  @inlinable init(observer: Observer<[Element]>, timeSpan: Time, count: Int, scheduler: any Scheduler) {
    self.timeSpan = timeSpan
    self.count = count
    super.init(observer: observer, scheduler: scheduler)
  }

  /// Starts the current window's timer, unless the sink has ended.
  @inlinable func startWindow() {
    guard !disposed else { return }
    startTimer(after: timeSpan) { self.closeWindow() }
  }

  /// Emits the window's values (perhaps none), then starts the next window, as RxSwift:
  /// the new timer is started after the emission.
  @inlinable func closeWindow() {
    cancelTimer()
    let full = buffer
    buffer = []
    forwardNext(full)
    startWindow()
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      buffer.append(value)
      if buffer.count == count { closeWindow() }
    case .error(let error):
      buffer = []
      forwardStop(.error(error))
    case .completed:
      let rest = buffer
      buffer = []
      forwardNext(rest)
      forwardStop(.completed)
    }
  }
}
