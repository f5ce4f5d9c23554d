import Foundation
import Operators

/// A stage after checking: how to build its part of the engine graph.
public enum CompiledStage {
  /// A first stage; called at each subscription with that subscription's number (from 1).
  /// `stamps` is false for a source that raises no error (`range`): its values are spared the
  /// per-event layer that would make its errors name it. `fusing`, for such a source only,
  /// makes it with the steps of the elementwise stages after it run inside its own loop.
  /// `immediate`, for a source that emits one value and completes as it is subscribed, with
  /// nothing to dispose (`just`), is that value: a sub-pipeline of it and elementwise stages
  /// can then run without being built (`ImmediatePipeline`).
  case source(
    _ make: (Env, Int) -> Observable<Value>, stamps: Bool = true, fusing: FusingSource? = nil,
    immediate: DotReader? = nil)
  /// A later stage, built once per environment around its upstream.
  case transform((Observable<Value>, Env) -> Observable<Value>)
  /// A later stage that raises no error of its own, or only errors of its expressions
  /// (which already name the stage), and passes on its upstream's values without wrapping
  /// them (`take 2s`, `take 0`): built like `transform`, but without the per-event layer that
  /// stamps errors with the stage and checks how deep values nest, which costs every value a
  /// call. A stage that puts values in a list or record is a `transform`.
  case plainTransform((Observable<Value>, Env) -> Observable<Value>)
  /// A later stage whose values are its upstream's, passed on as they are, or those of a
  /// fallback whose own stages made and checked them (`catch`, `catchAndReturn`, `retry`,
  /// `retryWhen`, `timeout`): built like `transform`, its errors stamped with the stage,
  /// but its values not measured for depth, since it makes none. The per-event layer then
  /// passes a value on at the cost of one call, as an error-handling stage should cost only
  /// on an error or a subscription.
  case passing((Observable<Value>, Env) -> Observable<Value>)
  /// A later stage that turns each value into at most one, as it comes, and raises only its
  /// expressions' errors (`map`, `filter`, `scan`, `skip N`, `distinct`; `take N` and
  /// `takeWhile`, which end the stream through their `RowEnd`): `make` gives each
  /// subscription its step.
  /// Unless a tracer must see each stage, a row of them runs as one engine operator, one call
  /// per value for the lot (`StageBuild.chain`); an int path, where the stage has one,
  /// lets a row on `range` keep its values ints until the end (`FusedRow`).
  case elementwise(make: () -> StageSteps)
  /// `flatMap`, `concatMap` or `flatMapLatest` of a sub-pipeline that ends as it is
  /// subscribed (`ImmediatePipeline`): elementwise, its step running the sub-pipeline for the
  /// value in the stage's environment, unless a tracer must see the sub-pipeline's stages;
  /// then (and under `PIPE_NO_FUSION`) it is built as `unfused`, a `transform`.
  case subpipelines(make: (Env) -> StageSteps, unfused: (Observable<Value>, Env) -> Observable<Value>)
  /// The last stage, which consumes the stream.
  case sink(SinkSpec)
}

/// What an elementwise stage does to one value: changes it in place, or returns false to
/// drop it; an error it throws (a `PipeError` naming the stage) ends the stream.
public typealias ValueStep = (inout Value) throws -> Bool

/// A source that runs the elementwise stages after it inside its own loop (`range` with
/// `fused`): called at each subscription with its number and the row's maker.
public typealias FusingSource = (Env, Int, _ row: @escaping () -> FusedRow) -> Observable<Value>

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
  /// As a `let` name: whether the name is one stream per statement, because a stage of it
  /// keeps state across subscriptions (`share`, `circuitBreaker`). A name without one is
  /// built anew where it is used, so each use counts its own attempts.
  public var isOneStream = false
  /// As a sub-pipeline: its form that runs per value without being built, when it ends as
  /// it is subscribed (`just . | map { . + 1 }`).
  var immediate: ImmediatePipeline?

  /// Builds the stream for a new statement: its hot timelines start now.
  public func start(_ env: Env) -> Observable<Value> {
    for start in starters { start(env) }
    return build(env)
  }
}

/// Elementwise steps as the engine's `fused` operator runs them.
struct ValueStepper: FusedStep {
  /// How a stage makes its step for a subscription, boxed for an array.
  struct Maker {
    let make: (Env) -> StageSteps
  }

  let run: ValueStep
  /// The stages that may end the stream (`take N`), when the steps are a row's.
  let ends: [RowEnd]

  init(_ run: @escaping ValueStep, ends: [RowEnd] = []) {
    self.run = run
    self.ends = ends
  }

  /// The steps of one stage, for a subscription.
  init(_ steps: StageSteps) { self.init(steps.step, ends: steps.end.map { [$0] } ?? []) }

  @inline(__always) func step(_ value: inout Value) throws -> Bool { try run(&value) }

  var isDone: Bool { ends.reached }
}

/// What the per-event layer around a built stage does (`StageBuild.transform`).
enum Stamping {
  /// No layer: the stage's errors already name it (`CompiledStage.plainTransform`).
  case none
  /// Errors are made to name the stage; values pass as they are (`CompiledStage.passing`).
  case errors
  /// Errors too, and each value is checked for depth (`CompiledStage.transform`).
  case errorsAndDepth
}

/// A later stage of a pipeline as the compiler keeps it until the pipeline is built.
struct TransformPart {
  enum Body {
    /// A stage built around its upstream; `stamps`: what its per-event layer checks.
    case wrapped(TransformBody, stamps: Stamping)
    /// Steps made per subscription in the stage's environment; `unfused`, where the stage is
    /// not its steps when built on its own (`CompiledStage.subpipelines`), how it is built then.
    case elementwise((Env) -> StageSteps, unfused: TransformBody? = nil)
  }

  var body: Body
  var node: Int
  var text: String

  /// The part for a compiled later stage; nil for a source or a sink.
  init?(_ stage: CompiledStage, node: Int, text: String) {
    switch stage {
    case .transform(let body): self.body = .wrapped(body, stamps: .errorsAndDepth)
    case .plainTransform(let body): self.body = .wrapped(body, stamps: .none)
    case .passing(let body): self.body = .wrapped(body, stamps: .errors)
    case .elementwise(let make): self.body = .elementwise({ _ in make() })
    case .subpipelines(let make, let unfused): self.body = .elementwise(make, unfused: unfused)
    case .source, .sink: return nil
    }
    self.node = node
    self.text = text
  }
}

/// How the compiler's stages become the engine's observables when a pipeline is built for a
/// run: each stage wrapped with its subscription numbers, error stamping and tracing
/// (`source`, `transform`), and rows of elementwise stages fused into one operator (`chain`,
/// `fusedSource`). A namespace of build functions, holding no state.
enum StageBuild {
  /// Whether rows of elementwise stages run fused: as one operator, in `range`'s loop, on
  /// ints (`FusedRow`). `PIPE_NO_FUSION=1` in the environment turns it off for the process:
  /// every stage is then built on its own, as under a tracer, so a run can be compared with
  /// the fused one (ExamplesTests' `FusionTests`).
  static let fuses =
    ProcessInfo.processInfo.environment["PIPE_NO_FUSION"].map { $0.isEmpty || $0 == "0" } ?? true

  /// Builds `parts` in order around `upstream`. Without a tracer, each row of elementwise
  /// stages is one engine operator whose step runs theirs in turn; every stage still counts
  /// its subscriptions. With one, every stage is built and traced on its own.
  static func chain(_ upstream: Observable<Value>, env: Env, _ parts: [TransformPart]) -> Observable<Value> {
    var stream = upstream
    var index = parts.startIndex
    while index < parts.endIndex {
      let part = parts[index]
      switch part.body {
      case .wrapped(let body, let stamps):
        stream = transform(stream, env: env, node: part.node, text: part.text, stamps: stamps, body)
        index += 1
      case .elementwise(_, let unfused?) where env.tracer != nil || !fuses:
        stream = transform(stream, env: env, node: part.node, text: part.text, unfused)
        index += 1
      case .elementwise(let make, _) where env.tracer != nil || !fuses:
        stream = transform(stream, env: env, node: part.node, text: part.text, stamps: .none) { upstream, _ in
          upstream.fused { ValueStepper(make(env)) }
        }
        index += 1
      case .elementwise:
        let end = rowEnd(parts[index...])
        stream = fused(stream, env: env, parts[index..<end])
        index = end
      }
    }
    return stream
  }

  /// A row of elementwise stages as one operator. A subscription counts as one of each
  /// stage, from the last to the first, as the stages built one by one count it.
  private static func fused(_ upstream: Observable<Value>, env: Env, _ row: ArraySlice<TransformPart>)
    -> Observable<Value>
  {
    let runtime = env.runtime
    let nodes = row.map(\.node)
    let steps = stepsMaker(row, env: env)
    let stream = upstream.fused(steps)
    return Observable(unsafe: { observer in
      for node in nodes.reversed() { _ = runtime.beginAttempt(node: node, scope: env.scope) }
      return stream.subscribe(observer)
    })
  }

  /// Where the row of elementwise stages at the start of `parts` ends.
  private static func rowEnd(_ parts: ArraySlice<TransformPart>) -> Int {
    parts.firstIndex { if case .elementwise = $0.body { false } else { true } } ?? parts.endIndex
  }

  /// Makes, for a subscription, the steps of a row of elementwise stages run in turn.
  private static func stepsMaker(_ row: ArraySlice<TransformPart>, env: Env) -> () -> ValueStepper {
    let makes = makers(row)
    return {
      let stages = makes.map { ($0.make)(env) }
      return ValueStepper(composed(stages.map { ValueStepper($0.step) }), ends: stages.compactMap(\.end))
    }
  }

  /// Makes, for a subscription, a row of elementwise stages with its int path, for a stage
  /// after it that `reads` so much of its values.
  private static func rowMaker(_ row: ArraySlice<TransformPart>, env: Env, reads: SinkReads) -> () -> FusedRow
  {
    let makes = makers(row)
    return { FusedRow(makes.map { ($0.make)(env) }, reads: reads, composed: composed) }
  }

  /// How the elementwise stages of `row` make their steps.
  static func makers(_ row: ArraySlice<TransformPart>) -> [ValueStepper.Maker] {
    row.compactMap { part -> ValueStepper.Maker? in
      if case .elementwise(let make, _) = part.body { return ValueStepper.Maker(make: make) }
      return nil
    }
  }

  /// The steps run in turn, until one drops the value; up to four in one closure. (They come
  /// boxed: a closure kept in an array is called through a reabstraction thunk.)
  static func composed(_ steps: [ValueStepper]) -> ValueStep {
    switch steps.count {
    case 0: return { _ in true }
    case 1: return steps[0].run
    case 2:
      let (a, b) = (steps[0].run, steps[1].run)
      return { value in
        guard try a(&value) else { return false }
        return try b(&value)
      }
    case 3:
      let (a, b, c) = (steps[0].run, steps[1].run, steps[2].run)
      return { value in
        guard try a(&value), try b(&value) else { return false }
        return try c(&value)
      }
    case 4:
      let (a, b, c, d) = (steps[0].run, steps[1].run, steps[2].run, steps[3].run)
      return { value in
        guard try a(&value), try b(&value), try c(&value) else { return false }
        return try d(&value)
      }
    default:
      return composed([
        ValueStepper(composed(Array(steps.prefix(4)))), ValueStepper(composed(Array(steps.dropFirst(4)))),
      ])
    }
  }

  /// The source with the leading row of elementwise stages in its loop, when it can run
  /// them (`fusing`) and no tracer must see them one by one; then the rest of `parts`. A
  /// subscription counts as one of each stage, in the order the stages built one by one count
  /// it: the row's from the last, then the source's. When the row is the last of `parts`,
  /// it hands the sink only what the sink reads (`sinkReads`): its last value at the end, or
  /// none.
  static func fusedSource(
    _ fusing: @escaping FusingSource, node: Int, env: Env, _ parts: [TransformPart], sinkReads: SinkReads
  ) -> Observable<Value>? {
    let end = rowEnd(parts[...])
    guard env.tracer == nil, fuses, end > parts.startIndex else { return nil }
    let runtime = env.runtime
    let nodes = parts[..<end].map(\.node)
    let row = rowMaker(parts[..<end], env: env, reads: end == parts.endIndex ? sinkReads : .every)
    let source = Observable<Value>(unsafe: { observer in
      for node in nodes.reversed() { _ = runtime.beginAttempt(node: node, scope: env.scope) }
      let attempt = runtime.beginAttempt(node: node, scope: env.scope)
      noteOrigin(env, node: node, attempt: attempt)
      return fusing(env, attempt, row).subscribe(observer)
    })
    return chain(source, env: env, Array(parts[end...]))
  }

  /// Wraps a source so each subscription gets its number and errors name the stage.
  static func source(
    _ make: @escaping (Env, Int) -> Observable<Value>, node: Int, text: String, stamps: Bool = true
  ) -> (Env) -> Observable<Value> {
    { env in
      let runtime = env.runtime
      let stream = Observable<Value>(unsafe: { observer in
        let attempt = runtime.beginAttempt(node: node, scope: env.scope)
        noteOrigin(env, node: node, attempt: attempt)
        return make(env, attempt).subscribe(
          stamps ? stamping(observer, text: text, attempt: attempt, node: node) : observer)
      })
      return traced(stream, node: node, tracer: env.tracer)
    }
  }

  /// Wraps a transform's output so errors it raises name the stage and values it makes are
  /// checked for depth (as `stamps` says: a plain transform's errors already name it, a
  /// passing one makes no value).
  static func transform(
    _ upstream: Observable<Value>, env: Env, node: Int, text: String, stamps: Stamping = .errorsAndDepth,
    _ make: (Observable<Value>, Env) -> Observable<Value>
  ) -> Observable<Value> {
    let runtime = env.runtime
    let inner = make(upstream, env)
    let stream = Observable<Value>(unsafe: { observer in
      let attempt = runtime.beginAttempt(node: node, scope: env.scope)
      noteOrigin(env, node: node, attempt: attempt)
      switch stamps {
      case .none: return inner.subscribe(observer)
      case .errors: return inner.subscribe(stampingErrors(observer, text: text, attempt: attempt, node: node))
      case .errorsAndDepth:
        return inner.subscribe(stamping(observer, text: text, attempt: attempt, node: node))
      }
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
  /// stage already named itself; and a value nested deeper than `Value.maxDepth` into the
  /// limit's error, naming the stage: every stage that may wrap values (a source, `buffer`,
  /// `enumerate`, `zip`, `materialize`, a plugin's) passes its values here, so none builds a
  /// value deeper than expressions may, whatever it wraps them in, and nothing downstream
  /// (release, printing, `==`, JSON, drawing) recurses deeper.
  private static func stamping(_ observer: Observer<Value>, text: String, attempt: Int, node: Int)
    -> Observer<Value>
  {
    var tooDeep = false
    return observer.forwarding { event in
      switch event {
      case _ where tooDeep: return
      case .next(let value) where value.nests(deeperThan: Value.maxDepth):
        tooDeep = true
        observer.on(.error(PipeError.stamped(PipeError.tooDeep, source: text, attempt: attempt, node: node)))
      case .error(let error):
        observer.on(.error(PipeError.stamped(error, source: text, attempt: attempt, node: node)))
      default: observer.on(event)
      }
    }
  }
}

extension StageBuild {
  /// An observer that turns any error into a `PipeError` naming the stage, as `stamping`
  /// does, and passes values on untouched: for a stage that makes none (`Stamping.errors`).
  fileprivate static func stampingErrors(_ observer: Observer<Value>, text: String, attempt: Int, node: Int)
    -> Observer<Value>
  {
    observer.forwarding { event in
      guard case .error(let error) = event else { return observer.on(event) }
      observer.on(.error(PipeError.stamped(error, source: text, attempt: attempt, node: node)))
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
    attempts.count(node)
    scope.attempts[node, default: 0] += 1
    return scope.attempts[node]!
  }
}
