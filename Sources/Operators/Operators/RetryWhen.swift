extension Observable {
  /// Resubscribes when the notifier says so (RxSwift's `retryWhen`).
  ///
  /// `notifier` is called once per subscription with the stream of this observable's errors
  /// and is subscribed before the source. After each error the failed attempt is disposed
  /// and the error is passed to that stream; the notifier's next element resubscribes, its
  /// error is forwarded, and its completion completes the result silently. A notifier that
  /// stops while no error is waiting stops the result at the next error. Elements that
  /// arrive while no error is waiting are ignored, as with RxSwift's trigger subject.
  ///
  /// `retrying`, when given, types the handler: an error it refuses is forwarded at once,
  /// without reaching the notifier, as RxSwift's `retry(when:)` does with an error that is
  /// not of the handler's `Error` type.
  ///
  ///     a-#  retry(when: { $0.take(1) })  a-a-|
  @inlinable
  public func retry<Trigger>(
    when notifier: @escaping (Observable<any Error>) -> Observable<Trigger>,
    retrying: ((any Error) -> Bool)? = nil
  ) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = RetryWhenSink<Element, Trigger>(observer: observer, source: source, retrying: retrying)
      sink.start(notifier)
      return sink
    })
  }
}

@usableFromInline final class RetryWhenSink<Element, Trigger>: ResubscribingSink<Element> {
  @usableFromInline let errors = ErrorRelay()
  @usableFromInline let triggerSubscription = SingleAssignmentDisposable()
  /// Whether a failed attempt waits for the notifier.
  @usableFromInline @exclusivity(unchecked) var waiting = false
  /// The notifier's stop event, kept until an error waits for it. An `Event<Never>`, not an
  /// `Event<Element>`: the deinitialiser is not specialised, and destroying an optional of a
  /// generic type there looks its metadata up at run time, at every subscription (about 650
  /// instructions, OperatorsBenchmark row e).
  @usableFromInline @exclusivity(unchecked) var notifierStop: Event<Never>?
  /// Which errors the notifier hears; the others end the result at once.
  @usableFromInline let retrying: ((any Error) -> Bool)?

  @inlinable init(observer: Observer<Element>, source: Observable<Element>, retrying: ((any Error) -> Bool)?)
  {
    self.retrying = retrying
    super.init(observer: observer, source: source)
  }

  @inlinable func start(_ notifier: (Observable<any Error>) -> Observable<Trigger>) {
    let triggers = notifier(errors.asObservable())
    triggerSubscription.setDisposable(
      triggers.subscribeNested(Observer(lifetime: self) { self.onTrigger($0) }))
    // The first attempt is made even if downstream ended meanwhile, as RxSwift's is.
    if !isEndedOrStopped { subscribeAgain(inSubscription: true) { self.on($0) } }
  }

  @inlinable func on(_ event: Event<Element>) {
    switch event {
    case .next: forward(event)
    case .completed: forwardStop(event)
    case .error(let error):
      if let retrying, !retrying(error) {
        forwardStop(event)
        return
      }
      endAttempt()
      waiting = true
      if let stop = notifierStop {
        forwardStop(stop.stop())
      } else {
        errors.emit(error)
      }
    }
  }

  @inlinable func onTrigger(_ event: Event<Trigger>) {
    switch event {
    case .next:
      guard waiting else { return }
      waiting = false
      subscribeAgain { self.on($0) }
    case .error(let error): stopFromNotifier(.error(error))
    case .completed: stopFromNotifier(.completed)
    }
  }

  /// The notifier stopped. With an error waiting, or a resubscription asked for but not yet
  /// made (the failed attempt is still being subscribed), the result stops now: RxSwift's
  /// trigger observer of that attempt is still subscribed and hears it
  /// (`fail x | retryWhen (errors | take 2)` subscribes twice). Otherwise the stop waits
  /// for the next error.
  @inlinable func stopFromNotifier(_ stop: Event<Never>) {
    if waiting || pending {
      forwardStop(stop.stop())
    } else {
      notifierStop = stop
    }
  }

  @inlinable override func disposeResources() {
    super.disposeResources()
    triggerSubscription.dispose()
  }
}

/// A hot stream of errors: what is emitted goes to whoever is subscribed at that moment, in
/// the order they subscribed. There is rarely more than one subscriber, so a small array
/// serves better than a dictionary (no hashing, no sorting per error).
@usableFromInline final class ErrorRelay {
  @usableFromInline @exclusivity(unchecked) var observers:
    ContiguousArray<(key: Int, observer: Observer<any Error>)> = []
  @usableFromInline @exclusivity(unchecked) var nextKey = 0

  @inlinable init() {}

  /// Delivers `error` to the subscribers present when it started.
  @inlinable func emit(_ error: any Error) {
    for entry in observers { entry.observer.onNext(error) }
  }

  @inlinable func asObservable() -> Observable<any Error> {
    Observable<any Error>(unsafe: { observer in
      self.nextKey += 1
      let key = self.nextKey
      self.observers.append((key, observer))
      return Disposables.create { self.observers.removeAll { $0.key == key } }
    })
  }
}

extension Event where Element == Never {
  /// This stop event as a stop event of a stream of any type.
  @inlinable func stop<Other>() -> Event<Other> {
    switch self {
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}
