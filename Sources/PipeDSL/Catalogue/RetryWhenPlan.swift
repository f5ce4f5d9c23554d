import Operators

/// A checked `retryWhen`: the strategy, the cap and the kinds it retries.
struct RetryWhenPlan {
  var strategy: CompiledStrategy
  var max: Int?
  var kinds: Set<String>?

  func apply(to upstream: Observable<Value>, env: Env) -> Observable<Value> {
    let plan = self
    // `on KINDS` types the handler: another kind passes by without reaching the strategy,
    // as an error of another type passes RxSwift's typed `retry(when:)`.
    let retrying = kinds.map { kinds in { (error: any Error) in kinds.contains(PipeError.from(error).kind) } }
    return upstream.retry(
      when: { errors in
        var count = 0
        let allowed = errors.concatMap { error -> Observable<PipeError> in
          let pipeError = PipeError.from(error)
          count += 1
          if let max = plan.max, count > max { return .error(pipeError) }
          return .just(pipeError)
        }
        return plan.strategy.triggers(allowed, env: env)
      }, retrying: retrying)
  }
}

extension CompiledStrategy {
  /// The triggers of a retryWhen: one element per retry.
  func triggers(_ errors: Observable<PipeError>, env: Env) -> Observable<Value> {
    if let general {
      var inner = env
      inner.errors = errors.map(\.value)
      return general.build(inner)
    }
    let decide = make(env)
    var count = 0
    let stop = CompiledStrategy.stopMarker
    return errors.concatMap { error in
      count += 1
      return decide(error, count).take(1).concat(.just(stop)).take(1)
    }.take(while: { $0 != stop })
  }

  /// What a decider's empty answer becomes: the end of retrying, quietly.
  static let stopMarker: Value = .record(["retryWhen": "stop"])
}
