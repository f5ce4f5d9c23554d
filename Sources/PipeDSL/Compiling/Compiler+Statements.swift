/// A statement after checking.
public struct CompiledStatement {
  public enum Kind {
    /// Run a pipeline; `background` for `&`.
    case run(CompiledPipeline, background: Bool)
    /// `let NAME = pipeline`.
    case bind(String, CompiledPipeline)
    /// `set KEY VALUE` (and the bare `network on|off`).
    case set(String, Value)
    /// `:name words...`, for the prompt or the script runner to carry out.
    case command(Command)
  }

  public var kind: Kind
  public var statement: Statement
  /// The operator graph of this statement (empty for `set` and commands).
  public var graph: Graph
}

extension Compiler {
  // statement = "let" IDENT "=" pipeline | "set" path value | pipeline ["&"] | ":" IDENT {word}
  func compile(_ statement: Statement) -> CompiledStatement? {
    graph = Graph()
    starters = []
    let kind: CompiledStatement.Kind?
    switch statement.kind {
    case .binding(let name, let pipeline):
      kind = compileBinding(name, pipeline)
    case .setting(let path, let value):
      kind = compileSetting(path, value)
    case .run(let pipeline, let background):
      kind = networkShorthand(pipeline) ?? compileRun(pipeline, background: background != nil)
    case .command(let command):
      kind = .command(command)
    }
    if case .bind? = kind { boundNodes += graph.nodes }
    if case .run = statement.kind { graph.addNamed(boundNodes) }
    return kind.map { CompiledStatement(kind: $0, statement: statement, graph: graph) }
  }

  private func compileBinding(_ name: Name, _ pipeline: Pipeline) -> CompiledStatement.Kind? {
    if catalogue.lookup(name.text) != nil || externalSources[name.text] != nil {
      report(.bindingShadowsOperator(name))
      return nil
    }
    guard let compiled = compilePipeline(pipeline, parent: nil, context: .binding),
      var weighed = weighed(compiled, span: pipeline.span)
    else {
      failedBindings.insert(name.text)
      return nil
    }
    failedBindings.remove(name.text)
    weighed.starters = starters
    weighed.isOneStream = graph.nodes.contains { Self.statefulStages.contains($0.name) }
    define(name.text, weighed)
    return .bind(name.text, weighed)
  }

  /// Stages whose state outlives one subscription: a `let` name that holds one is one
  /// stream for its whole statement, as an RxSwift `let` holding the observable is.
  static let statefulStages: Set<String> = ["share", "circuitBreaker"]

  private func compileSetting(_ path: Name, _ value: Arg) -> CompiledStatement.Kind? {
    let key = checkSetting(path)
    let reader = ArgumentReader(compiler: self, hasDot: false)
    var constant: Value?
    if case .name(let word) = value.kind, !word.isDotted {
      constant = .string(word.text)  // set network off
    } else {
      constant = reader.constant(value)
    }
    guard let key, let constant else { return nil }
    if let problem = settings.problem(key, constant) {
      report(.invalidSetting(problem, at: value.span))
      return nil
    }
    return .set(key, constant)
  }

  /// `network on` and `network off` are written bare, as the design's scripts do.
  private func networkShorthand(_ pipeline: Pipeline) -> CompiledStatement.Kind? {
    guard pipeline.stages.count == 1, case .operator(let stage) = pipeline.stages[0].kind,
      stage.name.text == "network", stage.callArguments == nil, stage.arguments.count == 1,
      case .name(let word) = stage.arguments[0].kind, ["on", "off"].contains(word.text)
    else { return nil }
    return .set("network", .string(word.text))
  }

  private func compileRun(_ pipeline: Pipeline, background: Bool) -> CompiledStatement.Kind? {
    guard let compiled = compilePipeline(pipeline, parent: nil, context: .run),
      var weighed = weighed(compiled, span: pipeline.span)
    else { return nil }
    weighed.starters = starters
    return .run(weighed, background: background)
  }
}
