import Operators

/// Compiles the strategy argument of `retryWhen` (and `:schedule`).
enum StrategyCompiler {
  /// `backoff(1, 3)`, `online`, `[kind: strategy, *: strategy]` or `(errors | ...)`.
  static func compile(_ arg: Arg, _ context: StageContext) -> CompiledStrategy? {
    compile(arg, compiler: context.compiler, hasDot: context.hasDot, parent: context.node)
  }

  static func compile(_ arg: Arg, compiler: Compiler, hasDot: Bool, parent: Int) -> CompiledStrategy? {
    switch arg.kind {
    case .pipeline(let pipeline):
      return compiler.compileSubpipeline(pipeline, parent: parent, errorsSource: true).map(
        CompiledStrategy.init(general:))
    case .dict(let entries):
      return dispatch(entries, compiler: compiler, hasDot: hasDot, parent: parent)
    case .call(let call):
      return entry(call.name, arguments: call.arguments, span: arg.span, compiler: compiler, hasDot: hasDot)
    case .name(let name) where !name.isDotted:
      return entry(name, arguments: [], span: arg.span, compiler: compiler, hasDot: hasDot)
    default:
      compiler.report(.expectedStrategy(arg))
      return nil
    }
  }

  private static func entry(
    _ name: Name, arguments: [Arg], span: Span, compiler: Compiler, hasDot: Bool
  ) -> CompiledStrategy? {
    guard let entry = compiler.catalogue.strategies[name.text] else {
      compiler.report(.unknownStrategy(name, among: compiler.catalogue.strategies.keys))
      return nil
    }
    var positional: [Arg] = []
    var labeled: [(name: Name, value: Arg)] = []
    for argument in arguments {
      if case .labeled(let label, let value) = argument.kind {
        labeled.append((label, value))
      } else {
        positional.append(argument)
      }
    }
    var ok = compiler.checkArity(
      entry.name, entry.arity, positional, at: name.span, signature: entry.signature)
    for (label, _) in labeled where !entry.labels.contains(label.text) {
      compiler.report(.unknownLabel(label, of: entry))
      ok = false
    }
    guard ok else { return nil }
    var context = StrategyContext(
      compiler: compiler, name: name, span: span, positional: positional, labeled: labeled, hasDot: hasDot)
    return entry.compile(&context)
  }

  /// `[invalidKey: until(weather.apiKey), cityNotFound: never, *: backoff(1, 2)]`: each kind
  /// its own strategy, with its own count; kinds not listed and no `*` are not retried.
  private static func dispatch(
    _ entries: [DictEntry], compiler: Compiler, hasDot: Bool, parent: Int
  ) -> CompiledStrategy? {
    var branches: [String: CompiledStrategy] = [:]
    var fallback: CompiledStrategy?
    var ok = true
    for entry in entries {
      if case .pipeline = entry.value.kind {
        // The general form sees every error at once; a branch decides one error at a time.
        compiler.report(.generalFormInDict(entry.value.span))
        ok = false
        continue
      }
      guard let strategy = compile(entry.value, compiler: compiler, hasDot: hasDot, parent: parent) else {
        ok = false
        continue
      }
      switch entry.key {
      case .name(let kind), .string(let kind): branches[kind] = strategy
      case .wildcard: fallback = strategy
      }
    }
    guard ok else { return nil }
    return CompiledStrategy { env in
      let deciders = branches.mapValues { $0.make(env) }
      let other = fallback?.make(env)
      var counts: [String: Int] = [:]
      return { error, _ in
        let key = deciders[error.kind] != nil ? error.kind : "*"
        counts[key, default: 0] += 1
        guard let decide = deciders[error.kind] ?? other else { return .error(error) }
        return decide(error, counts[key]!)
      }
    }
  }
}
