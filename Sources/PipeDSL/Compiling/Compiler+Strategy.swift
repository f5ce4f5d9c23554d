import Operators

/// A retry strategy compiled on its own, as `:schedule STRATEGY` needs it.
public struct StrategyCompilation {
  /// The strategy, or nil when the text has errors.
  public var strategy: CompiledStrategy?
  /// The parser's and the checker's diagnostics, with spans in `file`.
  public var diagnostics: [Diagnostic]
  public var file: SourceFile
}

extension Compiler {
  /// Parses and checks a strategy, `exponential(1s, max: 30s, times: 8)`, without running
  /// anything; the statement being compiled (and its graph) is not touched.
  ///
  ///     let result = compiler.compileStrategy("backoff(1, 3)")
  ///     result.strategy?.schedule  // delays(1s, 3s)
  public func compileStrategy(_ text: String, name: String = "<schedule>") -> StrategyCompilation {
    let file = SourceFile(name: name, text: text)
    let parsed = Parser.parseArgument(file)
    guard !parsed.hasErrors else {
      return StrategyCompilation(strategy: nil, diagnostics: parsed.diagnostics, file: file)
    }
    let (strategy, diagnostics) = compileStrategy(parsed.tree)
    return StrategyCompilation(strategy: strategy, diagnostics: parsed.diagnostics + diagnostics, file: file)
  }

  /// Checks a strategy argument the parser already read, a `retryWhen`'s own argument, as
  /// `compileStrategy(_:name:)` checks its text; nil with the diagnostics when it has errors.
  public func compileStrategy(_ arg: Arg) -> (strategy: CompiledStrategy?, diagnostics: [Diagnostic]) {
    let saved = (graph, diagnostics)
    defer { (graph, diagnostics) = saved }
    diagnostics = []
    graph = Graph()
    let strategy = StrategyCompiler.compile(arg, compiler: self, hasDot: false, parent: -1)
    return (hasErrors ? nil : strategy, diagnostics)
  }

  /// Checks a duration written on its own, `7s`, `500ms` or `2` (seconds), as
  /// `:schedule STRATEGY retryAfter D` needs it; nil with the diagnostics when it is not one.
  public func compileDuration(_ text: String, name: String = "<schedule>") -> (
    duration: Time?, diagnostics: [Diagnostic], file: SourceFile
  ) {
    let file = SourceFile(name: name, text: text)
    let parsed = Parser.parseArgument(file)
    guard !parsed.hasErrors else { return (nil, parsed.diagnostics, file) }
    let saved = diagnostics
    defer { diagnostics = saved }
    diagnostics = []
    let duration = ArgumentReader(compiler: self, hasDot: false).duration(parsed.tree)
    return (hasErrors ? nil : duration, parsed.diagnostics + diagnostics, file)
  }
}
