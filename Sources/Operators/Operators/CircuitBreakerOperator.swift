extension Observable {
  /// Guards the source with a shared circuit breaker: while the circuit is open, a
  /// subscription fails at once with `CircuitOpenError` without subscribing upstream.
  /// See `CircuitBreaker` for how failures are counted and the circuit recovers.
  ///
  ///     #  circuitBreaker(failures: 2)  #, #, then X at once (X = circuitOpen)
  @inlinable public func circuitBreaker(_ breaker: CircuitBreaker) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let admission = breaker.admit()
      if admission == .refuse {
        observer.onError(CircuitOpenError())
        return Disposables.empty
      }
      let sink = CircuitBreakerSink(observer: observer, breaker: breaker, trial: admission == .trial)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

@usableFromInline final class CircuitBreakerSink<Element>: Sink<Element> {
  @usableFromInline let breaker: CircuitBreaker
  /// Whether this is the half-open trial and its outcome is still unknown.
  @usableFromInline @exclusivity(unchecked) var trial: Bool

  @inlinable init(observer: Observer<Element>, breaker: CircuitBreaker, trial: Bool) {
    self.breaker = breaker
    self.trial = trial
    super.init(observer: observer)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !disposed else { return }
    let isTrial = trial
    trial = false
    switch event {
    case .next:
      breaker.record(succeeded: true, trial: isTrial)
      forward(event)
    case .completed:
      breaker.record(succeeded: true, trial: isTrial)
      forwardStop(event)
    case .error:
      breaker.record(succeeded: false, trial: isTrial)
      forwardStop(event)
    }
  }

  @inlinable override func disposeResources() {
    if trial {
      trial = false
      breaker.abandonTrial()
    }
  }
}
