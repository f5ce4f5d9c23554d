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
  /// Inside a copy of `clients N (PIPELINE)`: the shared simulated services its `weather` and
  /// `airquality` stages ask, in process, instead of their plugins.
  public var fleet: FleetClient?
  /// State shared by everything one statement builds, sub-pipelines included: its hot
  /// timelines and its `let` names, each made once. Background statements started together
  /// share one.
  public let statement: StatementScope

  /// The environment of a new statement: a fresh statement scope, unless it is given.
  public init(
    runtime: Runtime, tracer: Tracer? = nil, dot: Value? = nil, statement: StatementScope = StatementScope()
  ) {
    self.runtime = runtime
    self.tracer = tracer
    self.dot = dot
    self.scope = PipelineScope()
    self.statement = statement
  }

  /// The seed of this pipeline's random choices (jitter, chaos): the session's, or inside
  /// `clients` each copy's own, so that copies do not jitter in step.
  public var seed: UInt64 { fleet?.seed ?? runtime.seed }

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

  /// The environment a `let` name is built in: the statement's, outside every sub-pipeline
  /// (a name means the same stream wherever it is used). A name that jobs started together
  /// share is traced by none of them: one job's trace never sees another's subscriptions;
  /// a name built for one use (`ownUse`) is traced by that use's job.
  func forBinding(ownUse: Bool = false) -> Env {
    var copy = withNewScope()
    if statement.sharedByJobs && !ownUse { copy.tracer = nil }
    copy.dot = nil
    copy.element = nil
    copy.errors = nil
    return copy
  }
}

/// What one statement's run shares across all the pipelines it builds: every flatMap
/// element, catch fallback and retry sees the same hot timelines and the same `let` streams,
/// as one RxSwift program holds one instance of each. Background statements that follow
/// one another (`s | show &` then `timer 15ms | flatMap (s) | show &`) start together and
/// share one scope, as two observers of one RxSwift program.
public final class StatementScope {
  /// Whether several jobs share this scope (background statements started together).
  public let sharedByJobs: Bool
  /// The running jobs that use this scope; it ends with the last.
  private var holders = 0
  /// Hot timelines by graph node, each started once.
  private var hot: [Int: Observable<Value>] = [:]
  /// `let` names' streams, by the binding's first node (unique per definition).
  private var bindings: [Int: Observable<Value>] = [:]
  /// What to stop when the statement ends: the hot timelines' pending events.
  private let resources = CompositeDisposable()
  public init(sharedByJobs: Bool = false) { self.sharedByJobs = sharedByJobs }

  /// Counts one more job that uses the scope, so `end` waits for it too.
  public func hold() { holders += 1 }

  /// The hot source of `node`, made on first use (by `start`, at the statement's start).
  func hot(_ node: Int, _ make: () -> (Observable<Value>, any Disposable)) -> Observable<Value> {
    if let made = hot[node] { return made }
    let (stream, timeline) = make()
    hot[node] = stream
    resources.insert(timeline)
    return stream
  }

  /// The one stream a `let` name stands for in this statement, built on first use.
  func binding(_ key: Int, _ make: () -> Observable<Value>) -> Observable<Value> {
    if let made = bindings[key] { return made }
    let result = make()
    bindings[key] = result
    return result
  }

  /// One job that used the scope ended; with the last, the hot timelines stop: nothing of
  /// the statement stays scheduled after it ended.
  public func end() {
    holders -= 1
    if holders <= 0 { resources.dispose() }
  }
}

/// What the stages of one built pipeline share while it runs.
public final class PipelineScope {
  /// The cache key of the last subscription of the pipeline's plugin source, for `catch cache`.
  public var sourceKey: String?
  /// Subscriptions of each stage within this built pipeline, by graph node.
  var attempts: [Int: Int] = [:]
  /// Sources made once per built pipeline (groups in parentheses), by graph node.
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
