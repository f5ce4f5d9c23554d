import Operators

/// Where a pipeline stands, which decides what it may contain.
enum PipelineContext: Equatable {
  /// A statement that runs: it may end in a sink (and gets `show` if it does not).
  case run
  /// `let NAME = ...`: no sink.
  case binding
  /// A sub-pipeline in parentheses: no sink; `.` is the outer element. `errors` is the
  /// stream of errors inside `retryWhen (errors | ...)`.
  case inner(errorsSource: Bool)
}

extension Compiler {
  // pipeline = stage { "|" stage } ;
  func compilePipeline(_ pipeline: Pipeline, parent: Int?, context: PipelineContext) -> CompiledPipeline? {
    var compiled: [(stage: CompiledStage, node: Int, text: String)] = []
    var failed = false
    let hasDot = context != .run && context != .binding
    for (index, stage) in pipeline.stages.enumerated() {
      guard
        let result = compileStage(
          stage, parent: parent, hasDot: hasDot, context: context, afterPipe: index > 0)
      else {
        failed = true
        continue
      }
      if !checkPlacement(result.stage, stage, index: index, count: pipeline.stages.count, context: context) {
        failed = true
      }
      compiled.append((result.stage, result.node, stage.text))
    }
    guard !failed, let first = compiled.first,
      case .source(let source, let stamps, let fusing, let immediate) = first.stage
    else { return nil }
    var sink: SinkSpec?
    if case .sink(let spec) = compiled.last?.stage { sink = spec }
    if context == .run && sink == nil { sink = .show }
    let transforms = compiled.dropFirst().compactMap { TransformPart($0.stage, node: $0.node, text: $0.text) }
    let head = StageBuild.source(source, node: first.node, text: first.text, stamps: stamps)
    return CompiledPipeline(
      nodes: compiled.map(\.node),
      build: { outer in
        let env = outer.withNewScope()
        if let fusing,
          let fused = StageBuild.fusedSource(
            fusing, node: first.node, env: env, transforms, sinkReads: sink?.reads ?? .every)
        {
          return fused
        }
        return StageBuild.chain(head(env), env: env, transforms)
      },
      sink: sink, text: pipeline.text,
      immediate: ImmediatePipeline(
        source: immediate, node: first.node, text: first.text, nodes: compiled.map(\.node), parts: transforms)
    )
  }

  /// A sub-pipeline in parentheses: `(weather .)`, `(just 0)`, `(errors | ...)`.
  func compileSubpipeline(_ pipeline: Pipeline, parent: Int, errorsSource: Bool) -> CompiledPipeline? {
    compilePipeline(pipeline, parent: parent, context: .inner(errorsSource: errorsSource))
  }

  /// Sources first, sinks last, and sinks only where something runs.
  private func checkPlacement(
    _ compiled: CompiledStage, _ stage: Stage, index: Int, count: Int, context: PipelineContext
  ) -> Bool {
    let name = stage.operatorName
    switch compiled {
    case .source where index > 0:
      report(.sourceAfterPipe(name, stage))
      return false
    case .transform where index == 0, .plainTransform where index == 0, .passing where index == 0,
      .elementwise where index == 0, .subpipelines where index == 0, .sink where index == 0:
      if context == .run, let missing = missingPipeAtLineStart(stage) {
        report(missing)
        return false
      }
      report(.missingSource(name, stage))
      return false
    case .sink where index < count - 1:
      report(.sinkNotLast(name, at: stage.span))
      return false
    case .sink where context != .run:
      report(
        .sinkInSubpipeline(
          name, at: stage.span,
          help: context == .binding ? "write the sink where the name is used: NAME | \(name)" : nil))
      return false
    default:
      return true
    }
  }
}

/// A transform's body, as the catalogue compiles it.
typealias TransformBody = (Observable<Value>, Env) -> Observable<Value>

extension Stage {
  /// The operator's name, or `(...)` for a group.
  var operatorName: String {
    if case .operator(let stage) = kind { return stage.name.text }
    return "(...)"
  }
}
