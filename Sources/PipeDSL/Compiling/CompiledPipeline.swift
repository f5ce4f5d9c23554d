import Operators

/// A stage after checking: how to build its part of the engine graph.
public enum CompiledStage {
  /// A first stage; called at each subscription with that subscription's number (from 1).
  case source((Env, Int) -> Observable<Value>)
  /// A later stage, built once per environment around its upstream.
  case transform((Observable<Value>, Env) -> Observable<Value>)
  /// A later stage that raises no error of its own, or only errors of its expressions
  /// (which already name the stage): built like `transform`, but without the per-event
  /// layer that stamps errors with the stage, which costs every value a call.
  case plainTransform((Observable<Value>, Env) -> Observable<Value>)
  /// The last stage, which consumes the stream.
  case sink(SinkSpec)
}

/// A checked pipeline, ready to be built into engine observables any number of times.
public struct CompiledPipeline {
  /// The graph node of every top-level stage, in order (the sink's included).
  public var nodes: [Int]
  /// Builds the stream from the source through the last non-sink stage.
  public var build: (Env) -> Observable<Value>
  /// The sink, or nil for a pipeline that is used as a value (`let`, sub-pipelines).
  public var sink: SinkSpec?
  /// The pipeline's source text.
  public var text: String
  /// How many stages a subscription goes through, nested and named pipelines included.
  public var weight = 0
  /// What a statement running this pipeline starts before subscribing it, with the
  /// statement's environment: its hot timelines (and those of the `let` names it uses).
  public var starters: [(Env) -> Void] = []

  /// Builds the stream for a new statement: its hot timelines start now.
  public func start(_ env: Env) -> Observable<Value> {
    for start in starters { start(env) }
    return build(env)
  }
}

/// Per-stage bookkeeping while a pipeline runs: subscription numbers and error stamping.
enum StageWrapper {
  /// Wraps a source so each subscription gets its number and errors name the stage.
  static func source(
    _ make: @escaping (Env, Int) -> Observable<Value>, node: Int, text: String
  ) -> (Env) -> Observable<Value> {
    { env in
      let runtime = env.runtime
      let stream = Observable<Value>(unsafe: { observer in
        let attempt = runtime.beginAttempt(node: node, scope: env.scope)
        noteOrigin(env, node: node, attempt: attempt)
        return make(env, attempt).subscribe(stamping(observer, text: text, attempt: attempt))
      })
      return traced(stream, node: node, tracer: env.tracer)
    }
  }

  /// Wraps a transform's output so errors it raises name the stage (unless `stamps` is
  /// false: a plain transform's errors already do).
  static func transform(
    _ upstream: Observable<Value>, env: Env, node: Int, text: String, stamps: Bool = true,
    _ make: (Observable<Value>, Env) -> Observable<Value>
  ) -> Observable<Value> {
    let runtime = env.runtime
    let inner = make(upstream, env)
    let stream = Observable<Value>(unsafe: { observer in
      let attempt = runtime.beginAttempt(node: node, scope: env.scope)
      noteOrigin(env, node: node, attempt: attempt)
      return inner.subscribe(stamps ? stamping(observer, text: text, attempt: attempt) : observer)
    })
    return traced(stream, node: node, tracer: env.tracer)
  }

  /// Tells the job's tracer which element's sub-pipeline the subscription just begun belongs
  /// to, and which attempt for that element it is.
  private static func noteOrigin(_ env: Env, node: Int, attempt: Int) {
    guard let tracer = env.tracer, let element = env.element else { return }
    tracer.noteOrigin(SubscriptionOrigin(element: element, attempt: attempt), node: node)
  }

  private static func traced(_ stream: Observable<Value>, node: Int, tracer: Tracer?) -> Observable<Value> {
    guard let tracer else { return stream }
    return stream.traced(node: node, by: tracer)
  }

  /// An observer that turns any error into a `PipeError` naming the stage, unless an earlier
  /// stage already named itself.
  private static func stamping(_ observer: Observer<Value>, text: String, attempt: Int) -> Observer<Value> {
    observer.forwarding { event in
      guard case .error(let error) = event else { return observer.on(event) }
      observer.on(.error(PipeError.stamped(error, source: text, attempt: attempt)))
    }
  }
}

extension Runtime {
  /// Counts a subscription of `node` and returns its attempt number, from 1.
  ///
  /// The session-wide count (for `expect attempts`) is kept in `attempts`; the number
  /// returned counts within one built pipeline, so every element of a flatMap starts its
  /// own sub-pipeline at attempt 1.
  func beginAttempt(node: Int, scope: PipelineScope) -> Int {
    attempts[node, default: 0] += 1
    scope.attempts[node, default: 0] += 1
    return scope.attempts[node]!
  }
}
