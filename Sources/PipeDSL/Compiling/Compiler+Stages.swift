import Operators

extension Compiler {
  // stage = IDENT { arg } [ named ] | "(" pipeline ")" ;
  func compileStage(
    _ stage: Stage, parent: Int?, hasDot: Bool, context: PipelineContext, afterPipe: Bool = false
  ) -> (stage: CompiledStage, node: Int)? {
    switch stage.kind {
    case .invalid:
      return nil
    case .group(let pipeline) where afterPipe:
      return compileGroupOfTransforms(pipeline, stage, parent: parent, hasDot: hasDot)
    case .group(let pipeline):
      let node = addNode(for: stage, name: "(...)", parent: parent, role: .source)
      guard let inner = compilePipeline(pipeline, parent: node, context: .inner(errorsSource: false)) else {
        return nil
      }
      // Built once per enclosing pipeline, so a retry resubscribes the same inner stages and
      // their attempts count on.
      return (.source { env, _ in env.scope.once(node) { inner.build(env) } }, node)
    case .operator(let op):
      return compileOperator(op, stage, parent: parent, hasDot: hasDot, context: context)
    }
  }

  private func compileOperator(
    _ op: OperatorStage, _ stage: Stage, parent: Int?, hasDot: Bool, context: PipelineContext
  ) -> (stage: CompiledStage, node: Int)? {
    let name = op.name.text
    if let binding = bindings[name] {
      guard expectNoArguments(op, what: "'\(name)' names a pipeline and") else { return nil }
      let node = addNode(for: stage, name: name, parent: parent, role: .source)
      starters += binding.starters
      // One stream per statement, whichever sub-pipeline uses the name: `let s = P | share`
      // then `s | merge (s)` subscribes P once, as one RxSwift `let` would.
      if binding.isOneStream {
        let key = binding.nodes.first ?? node
        return (.source { env, _ in env.statement.binding(key) { binding.build(env.forBinding()) } }, node)
      }
      // A cold name is built once per use (per enclosing pipeline, as a group is): each use
      // counts its own attempts, as each RxSwift subscription runs its own retries, and a
      // retry of the use resubscribes the same stages, whose attempts count on.
      return (
        .source { env, _ in env.scope.once(node) { binding.build(env.forBinding(ownUse: true)) } }, node
      )
    }
    if failedBindings.contains(name) {
      report(.bindingNotCompiled(name, at: op.name.span))
      return nil
    }
    if name == "errors", context == .inner(errorsSource: true) {
      guard expectNoArguments(op, what: "'errors'") else { return nil }
      let node = addNode(for: stage, name: name, parent: parent, role: .source)
      return (.source { env, _ in env.errors ?? .empty() }, node)
    }
    if let (entry, viaAlias) = catalogue.lookup(name) {
      if viaAlias { report(.foreignAlias(op.name, entry: entry.name)) }
      return compileEntry(entry, op, stage, parent: parent, hasDot: hasDot)
    }
    var pluginHelp: String?
    let simulated = clientsDepth > 0 ? FleetServices.sources[name] : nil
    switch simulated.map({ .found($0, note: nil) }) ?? sources?.lookUp(source: name) {
    case .found(let info, let note)?:
      define(info.settings)
      noteOnce(note, plugin: info.plugin, at: op.name.span)
      return compilePluginSource(info, op, stage, parent: parent, hasDot: hasDot)
    case .unavailable(_, let error)?:
      return compileUnavailableSource(name, error, op, stage, parent: parent, hasDot: hasDot)
    case .unknown(let help)?: pluginHelp = help
    case nil: break
    }
    if let foreign = Translation.named(name, label: op.callArguments?.firstLabel) {
      let example = foreign.translation.entry.flatMap { catalogue.entries[$0]?.examples.first?.code }
      report(.foreignName(op.name, foreign, example: example))
      return nil
    }
    reportUnknown(op.name, first: stage.span.start == 0 || parent == nil, pluginHelp: pluginHelp)
    return nil
  }

  private func compileEntry(
    _ entry: CatalogueEntry, _ op: OperatorStage, _ stage: Stage, parent: Int?, hasDot: Bool
  ) -> (stage: CompiledStage, node: Int)? {
    let (positional, options) = op.split(optionNames: Set(entry.options))
    var ok = checkStrayOption(entry, positional)
    if ok {
      ok = checkArity(entry.name, entry.arity, positional, at: op.name.span, signature: entry.signature)
    }
    ok = checkOptions(entry, options) && ok
    guard ok else { return nil }
    let node = addNode(for: stage, name: entry.name, parent: parent, role: entry.role)
    var context = StageContext(
      compiler: self, stage: stage, name: op.name, positional: positional, options: options, node: node,
      hasDot: hasDot)
    let errorsBefore = diagnostics.count { $0.isError }
    guard let compiled = entry.compile(&context) else {
      if diagnostics.count(where: \.isError) == errorsBefore {
        // An entry must say why it refused a stage; never drop a statement silently.
        report(.stageNotCompiled(entry, at: stage.span))
      }
      return nil
    }
    return (compiled, node)
  }

  /// Reports a wrong number of positional arguments.
  func checkArity(
    _ name: String, _ arity: ClosedRange<Int>, _ positional: [Arg], at span: Span, signature: String
  ) -> Bool {
    guard !arity.contains(positional.count) else { return true }
    let expected =
      arity.lowerBound == arity.upperBound
      ? "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
      : arity.upperBound == Int.max
        ? "at least \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
        : "\(arity.lowerBound) to \(arity.upperBound) arguments"
    if positional.count > arity.upperBound, let missing = missingPipe(arity, positional, after: span) {
      report(missing)
      return false
    }
    let location =
      positional.count > arity.upperBound
      ? positional[arity.upperBound].span.to(positional.last!.span) : span
    report(.wrongArity(name, expected: expected, found: positional.count, at: location, signature: signature))
    return false
  }

  private func expectNoArguments(_ op: OperatorStage, what: String) -> Bool {
    let (positional, options) = op.split(optionNames: [])
    guard let first = positional.first?.span ?? options.first?.span else { return true }
    report(.takesNoArguments(what, at: first))
    return false
  }

  private func reportUnknown(_ name: Name, first: Bool, pluginHelp: String?) {
    let candidates =
      catalogue.names + Array(catalogue.aliases.keys) + Array(externalSources.keys) + Array(bindings.keys)
    report(
      .unknownOperator(
        name,
        help: name.text == "errors"
          ? "'errors' is the stream of errors inside retryWhen (errors | ...)"
          : Self.promptCommandHelp[name.text] ?? Suggestions.didYouMean(name.text, in: candidates)
            ?? pluginHelp))
  }

  /// Words people type at a prompt out of habit (Python's `help`, a shell's `exit`): they are
  /// pipe's prompt commands, which start with ':'.
  static let promptCommandHelp = [
    "help": "prompt commands start with ':': type ':help' for the tour and the commands",
    "exit": "to leave pipe, type ':quit' or press Ctrl-D",
    "quit": "to leave pipe, type ':quit' or press Ctrl-D",
  ]
}

extension [Arg] {
  /// The label of the first labeled argument: `onError` in `do(onError: ...)`.
  var firstLabel: String? {
    for argument in self {
      if case .labeled(let label, _) = argument.kind { return label.text }
    }
    return nil
  }
}

extension OperatorStage {
  /// The stage's words as positional arguments and options: labeled call arguments
  /// (`circuitBreaker(failures: 5)`) and option words (`max 4`, `times: 4`) are options.
  /// The compiler's split, which `pipe export` reads a stage by too.
  public func split(optionNames: Set<String>) -> (positional: [Arg], options: [StageOption]) {
    var positional: [Arg] = []
    var options: [StageOption] = []
    for argument in callArguments ?? [] {
      if case .labeled(let label, let value) = argument.kind {
        options.append(StageOption(name: label, value: value))
      } else {
        positional.append(argument)
      }
    }
    let words = self.options(named: optionNames)
    return (positional + words.positional, options + words.options)
  }
}

extension Compiler {
  /// `just 1 | (map { . * 2 } | filter { . > 0 }) | show`: a group after `|` is its stages
  /// applied in order, each a stage of its own in the graph, nested under the group.
  func compileGroupOfTransforms(
    _ pipeline: Pipeline, _ stage: Stage, parent: Int?, hasDot: Bool
  ) -> (stage: CompiledStage, node: Int)? {
    let node = addNode(for: stage, name: "(...)", parent: parent, role: .transform)
    var parts: [TransformPart] = []
    var failed = false
    for inner in pipeline.stages {
      let result = compileStage(
        inner, parent: node, hasDot: hasDot, context: .inner(errorsSource: false), afterPipe: true)
      switch result?.stage {
      case .transform?, .plainTransform?, .passing?, .elementwise?, .subpipelines?:
        if let result, let part = TransformPart(result.stage, node: result.node, text: inner.text) {
          parts.append(part)
        }
      case .source?:
        report(.sourceInGroup(inner))
        failed = true
      case .sink?:
        report(.sinkInSubpipeline(inner.operatorName, at: inner.span))
        failed = true
      case nil:
        failed = true
      }
    }
    guard !failed else { return nil }
    return (
      .plainTransform { upstream, env in StageBuild.chain(upstream, env: env, parts) }, node
    )
  }
}
