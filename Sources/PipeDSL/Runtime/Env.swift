import Operators

/// What a stage sees when it is subscribed: the runtime, the job's tracer (when its sink
/// draws or logs the run) and, inside a sub-pipeline, the outer element `.` (the outer
/// error, for `catch`).
public struct Env {
  public var runtime: Runtime
  /// Records every event of every stage of this job, for `log` and `marbles`; nil otherwise.
  public var tracer: Tracer?
  public var dot: Value?
  /// The value whose sub-pipeline this is (flatMap, concatMap, flatMapLatest), kept by the
  /// pipelines nested in it: diagrams label its lanes by it.
  public var element: Value?
  /// State shared by the stages of one built pipeline (one per flatMap element).
  public var scope: PipelineScope
  /// Inside `retryWhen (errors | ...)`: the stream of errors, as records.
  public var errors: Observable<Value>?

  public init(runtime: Runtime, tracer: Tracer? = nil, dot: Value? = nil) {
    self.runtime = runtime
    self.tracer = tracer
    self.dot = dot
    self.scope = PipelineScope()
  }

  /// The same environment with another outer element.
  public func with(dot: Value) -> Env {
    var copy = self
    copy.dot = dot
    return copy
  }

  /// The environment of the sub-pipeline that runs for `element`, which is also its `.`.
  public func with(element: Value) -> Env {
    var copy = with(dot: element)
    copy.element = element
    return copy
  }

  /// The same environment with a fresh scope, for building one more pipeline.
  func withNewScope() -> Env {
    var copy = self
    copy.scope = PipelineScope()
    return copy
  }
}

/// What the stages of one built pipeline share while it runs.
public final class PipelineScope {
  /// The cache key of the last subscription of the pipeline's plugin source, for `catch cache`.
  public var sourceKey: String?
  /// Subscriptions of each stage within this built pipeline, by graph node.
  var attempts: [Int: Int] = [:]
  /// Sources made once per built pipeline (hot marble timelines), by graph node.
  var made: [Int: Observable<Value>] = [:]
  public init() {}

  /// The source for `node`, made on first use.
  func once(_ node: Int, _ make: () -> Observable<Value>) -> Observable<Value> {
    if let made = made[node] { return made }
    let result = make()
    made[node] = result
    return result
  }
}
