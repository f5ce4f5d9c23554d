import Operators

extension Compiler {
  /// A plugin's source: its arguments are checked against the handshake's parameters, and
  /// every value it yields is remembered for `catch cache`.
  func compilePluginSource(
    _ info: ExternalSourceInfo, _ op: OperatorStage, _ stage: Stage, parent: Int?, hasDot: Bool
  ) -> (stage: CompiledStage, node: Int)? {
    let (positional, options) = op.split(optionNames: [])
    let required = info.parameters.prefix { $0.defaultValue == nil }.count
    let signature =
      "\(info.name) "
      + info.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" }
      .joined(separator: " ")
    var ok = checkArity(
      info.name, required...info.parameters.count, positional, at: op.name.span, signature: signature)
    for option in options {
      report(
        Diagnostic(
          id: "unknownOption", message: "'\(info.name)' has no option '\(option.name.text)'",
          span: option.span))
      ok = false
    }
    let reader = ArgumentReader(compiler: self, hasDot: hasDot)
    let readers = positional.map(reader.value)
    guard ok, !readers.contains(where: { $0 == nil }) else { return nil }
    let defaults = info.parameters.dropFirst(readers.count).map { $0.defaultValue ?? .null }
    let node = addNode(for: stage, name: info.name, parent: parent, role: .source)
    let name = info.name
    return (
      .source { env, attempt in
        let runtime = env.runtime
        guard let sources = runtime.sources else {
          return .error(PipeError(kind: "pluginCrashed", message: "no plugin host is running"))
        }
        let arguments: [Value]
        do {
          arguments = try readers.map { try $0!(env) } + defaults
        } catch {
          return .error(error)
        }
        let key = ValueCache.key(source: name, arguments: arguments)
        env.scope.sourceKey = key
        return sources.observe(
          source: name, arguments: arguments, settings: runtime.settings, attempt: attempt,
          scheduler: runtime.scheduler
        ).do(onNext: { runtime.cache.store($0, for: key) })
      }, node
    )
  }
}
