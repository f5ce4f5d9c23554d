import Operators
import PipeDSL
import TerminalText

/// One text through the whole front end, and the invariants it must keep.
struct FrontEndRound {
  let file: SourceFile
  let mode: Lexer.Mode

  init(text: String, mode: Lexer.Mode) {
    file = SourceFile(name: "fuzz.pipe", text: text)
    self.mode = mode
  }

  /// The problems of `text` read as a file and at the prompt.
  static func problems(_ text: String) -> [String] {
    [Lexer.Mode.file, .prompt].flatMap { FrontEndRound(text: text, mode: $0).problems() }
  }

  /// Every broken invariant, described; empty when the round went well.
  func problems() -> [String] {
    var problems = tokenProblems()
    let parsed = Parser.parse(file, mode: mode)
    problems += diagnosticProblems(parsed.diagnostics)
    _ = DiagnosticRenderer(paint: Paint(colour: true)).render(parsed.diagnostics, in: file)
    guard !parsed.hasErrors else { return problems }
    let compiler = Compiler(catalogue: FrontEndRound.catalogue, settings: Settings())
    let statements = compiler.compile(parsed.tree)
    problems += diagnosticProblems(compiler.diagnostics)
    _ = DiagnosticRenderer().render(compiler.diagnostics, in: file)
    if !compiler.hasErrors && statements.count != parsed.tree.statements.count {
      problems.append("a statement was dropped without an error")
    }
    if compiler.diagnostics.contains(where: { $0.id == .stageNotCompiled }) {
      problems.append("an entry refused a stage without saying why")
    }
    if !compiler.hasErrors { build(statements) }
    return problems
  }

  private func tokenProblems() -> [String] {
    let tokens = Lexer.tokenize(file, mode: mode).tokens
    var problems: [String] = []
    if tokens.last?.kind != .end { problems.append("the tokens do not end with .end") }
    if !zip(tokens, tokens.dropFirst()).allSatisfy({ $0.span.end <= $1.span.start }) {
      problems.append("token spans overlap")
    }
    return problems
  }

  private func diagnosticProblems(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.compactMap { diagnostic in
      if diagnostic.span.start > diagnostic.span.end || diagnostic.span.end > file.endOffset {
        return "diagnostic '\(diagnostic.message)' has a span outside the text"
      }
      if diagnostic.message.first?.isUppercase ?? true {
        return "diagnostic '\(diagnostic.message)' is empty or capitalised"
      }
      return nil
    }
  }

  /// Builds every pipeline into engine observables, without subscribing.
  private func build(_ statements: [CompiledStatement]) {
    let runtime = Runtime(scheduler: VirtualTimeScheduler(), services: Services(output: BufferedOutput()))
    for statement in statements {
      switch statement.kind {
      case .run(let pipeline, _), .bind(_, let pipeline): _ = pipeline.build(Env(runtime: runtime))
      case .set, .command: break
      }
    }
  }

  static let catalogue = Catalogue.standard
}
