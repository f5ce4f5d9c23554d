import Operators

/// An argument written for a plugin source's parameter `name`.
typealias NamedArgument = (name: String, arg: Arg)

extension Compiler {
  /// A plugin's source: its arguments, by position or by name (`roll(count: 3)`), are checked
  /// against the handshake's parameters, and every value it yields is remembered for
  /// `catch cache`. Only the arguments written are sent: the plugin applies its defaults.
  func compilePluginSource(
    _ info: ExternalSourceInfo, _ op: OperatorStage, _ stage: Stage, parent: Int?, hasDot: Bool
  ) -> (stage: CompiledStage, node: Int)? {
    guard let given = bindPluginArguments(info, op) else { return nil }
    let reader = ArgumentReader(compiler: self, hasDot: hasDot)
    let readers = given.map { (name: $0.name, read: reader.value($0.arg)) }
    guard !readers.contains(where: { $0.read == nil }) else { return nil }
    let node = addNode(for: stage, name: info.name, parent: parent, role: .source)
    let name = info.name
    let positions = info.parameters.map(\.name)
    return (
      .source { env, attempt in
        let runtime = env.runtime
        let arguments: [(name: String, value: Value)]
        do {
          arguments = try readers.map { (name: $0.name, value: try $0.read!(env)) }
        } catch {
          return .error(error)
        }
        // A copy of `clients` asks the shared simulated service, counting its own attempts.
        if let simulated = env.fleet?.observe(source: name, arguments: arguments, attempt: attempt) {
          return simulated
        }
        guard let sources = runtime.sources else {
          return .error(PipeError(kind: "pluginCrashed", message: "no plugin host is running"))
        }
        let key = ValueCache.key(source: name, arguments: arguments, positions: positions)
        env.scope.sourceKey = key
        // The plugin hears how often this stage asked it in the session, so a fault plan
        // ("500,500,ok", rate(0.3)) walks on across requests, as a flaky service does; the
        // error record's attempt stays the try of this one request.
        return sources.observe(
          source: name, arguments: arguments, settings: runtime.settings,
          attempt: runtime.attempts[node] ?? attempt,
          scheduler: runtime.scheduler
        ).do(onNext: { runtime.cache.store($0, for: key) })
      }, node
    )
  }

  /// The arguments written, each with its parameter's name, in the parameters' order; nil
  /// (with diagnostics) for too many, unknown, repeated or missing ones.
  private func bindPluginArguments(_ info: ExternalSourceInfo, _ op: OperatorStage) -> [NamedArgument]? {
    let (positional, options) = op.split(optionNames: [])
    let names = info.parameters.map(\.name)
    let signature =
      "\(info.name) "
      + info.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" }
      .joined(separator: " ")
    // `weather "Paris" show`: a stage's name where a value goes is a `|` left out, after any
    // source, however many parameters it has left.
    if let missing = missingPipe(0...names.count, positional, after: op.name.span) {
      report(missing)
      return nil
    }
    var ok =
      positional.count <= names.count
      || checkArity(
        info.name, 0...names.count, positional, at: op.name.span, signature: signature)
    var given = Dictionary(uniqueKeysWithValues: zip(names, positional))
    // Swift's labels (`airquality(city:state:country:)`) are one error, which says what the
    // first parameter takes (`"City, State, Country"`), not one error a label.
    let unknown = options.map(\.name.text).filter { !names.contains($0) }
    let firstParameter = info.parameters.first.map { $0.doc.isEmpty ? "" : "; \($0.name): \($0.doc)" } ?? ""
    // A label always has a value: `split` makes options only of labeled arguments here.
    for option in options {
      let label = option.name.text
      if !names.contains(label) {
        if ok || label == unknown.first {
          let named = unknown.map { "'\($0)'" }.joined(separator: ", ")
          report(
            .unknownParameters(
              of: info.name, named, count: unknown.count, at: option.span,
              help: Suggestions.didYouMean(label, in: names) ?? "it is written \(signature)\(firstParameter)")
          )
        }
        ok = false
      } else if given[label] != nil {
        report(.repeatedArgument(label, at: option.span))
        ok = false
      } else {
        given[label] = option.value
      }
    }
    let missing = info.parameters.filter { $0.defaultValue == nil && given[$0.name] == nil }.map(\.name)
    if ok, !missing.isEmpty {
      let required = info.parameters.prefix { $0.defaultValue == nil }.count
      if options.isEmpty, positional.count < required {
        ok = checkArity(info.name, required...names.count, positional, at: op.name.span, signature: signature)
      } else {
        ok = reportMissing(info.name, missing, at: op.name.span, signature: signature)
      }
    }
    guard ok else { return nil }
    return names.compactMap { name in given[name].map { NamedArgument(name, $0) } }
  }

  private func reportMissing(_ source: String, _ missing: [String], at span: Span, signature: String) -> Bool
  {
    let list = missing.map { "'\($0)'" }.joined(separator: ", ")
    report(.missingParameters(of: source, list, at: span, signature: signature))
    return false
  }
}

extension Compiler {
  /// Makes a plugin's settings known (they are learnt when the plugin is first named).
  func define(_ definitions: [Settings.Definition]) {
    for definition in definitions where !settings.isKnown(definition.key) { settings.define(definition) }
  }

  /// Says `note` as a warning at `span`, once for `plugin` in the compiler's life.
  func noteOnce(_ note: String?, plugin: String, at span: Span) {
    guard let note, notedPlugins.insert(plugin).inserted else { return }
    report(.pluginShadows(note, at: span))
  }
}

extension Compiler {
  /// A source of a plugin that could not start when the text was checked (it crashed, hung or
  /// said no valid hello): not an unknown name, and not a compile error, but a stage that
  /// starts the plugin again when it is subscribed and binds its arguments once the plugin has
  /// said hello. Its first subscription fails with `error`, what the check met, at once; a
  /// retry, or the next statement, tries the plugin again.
  func compileUnavailableSource(
    _ name: String, _ error: PipeError, _ op: OperatorStage, _ stage: Stage, parent: Int?, hasDot: Bool
  ) -> (stage: CompiledStage, node: Int)? {
    let (positional, options) = op.split(optionNames: [])
    let reader = ArgumentReader(compiler: self, hasDot: hasDot)
    let readers =
      positional.map { (label: String?.none, read: reader.value($0)) }
      + options.map { (label: Optional($0.name.text), read: $0.value.flatMap(reader.value)) }
    guard !readers.contains(where: { $0.read == nil }) else { return nil }
    let node = addNode(for: stage, name: name, parent: parent, role: .source)
    let first = FirstFailure(error)
    return (
      .source { env, attempt in
        let runtime = env.runtime
        guard let sources = runtime.sources else {
          return .error(PipeError(kind: "pluginCrashed", message: "no plugin host is running"))
        }
        let arguments: [(label: String?, value: Value)]
        do {
          arguments = try readers.map { (label: $0.label, value: try $0.read!(env)) }
        } catch {
          return .error(error)
        }
        let key = ValueCache.key(
          source: name, arguments: arguments.map { (name: $0.label ?? "", value: $0.value) },
          positions: Array(repeating: "", count: positional.count))
        env.scope.sourceKey = key
        return sources.observe(
          unavailable: name, failure: first.take(), arguments: arguments, settings: runtime.settings,
          attempt: runtime.attempts[node] ?? attempt, scheduler: runtime.scheduler
        ).do(onNext: { runtime.cache.store($0, for: key) })
      }, node
    )
  }
}

/// An error given out once (on the loop).
private final class FirstFailure {
  private var error: PipeError?

  init(_ error: PipeError) { self.error = error }

  func take() -> PipeError? {
    defer { error = nil }
    return error
  }
}
