import PipeDSL

/// The libraries a pipeline can be exported to.
public enum ExportLibrary: String, CaseIterable, Sendable {
  case rxswift, combine, rxjs

  /// The library's name as its community writes it.
  public var title: String {
    switch self {
    case .rxswift: return "RxSwift"
    case .combine: return "Combine"
    case .rxjs: return "RxJS"
    }
  }
}

/// What one library's export writes; the walk over the statements is `Exporter`'s.
protocol LibraryExport {
  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  func binding(_ name: String, _ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  func comment(_ text: String) -> String
  func document(name: String, body: [StatementCode], context: ExportContext) -> String
  /// As `pipeline(_:context:bindings:)`, for a pipeline pipe runs in the background (`&`) when
  /// `background`.
  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>, background: Bool)
    -> String
}

extension LibraryExport {
  /// A statement in the background is written as any other (the document runs it with the next).
  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>, background: Bool)
    -> String
  {
    self.pipeline(pipeline, context: context, bindings: bindings)
  }
}

/// One statement of a script as code: the code, and what the document adds after it (a
/// pipeline that runs is played to its end on a test clock before the next statement starts,
/// unless it ran in the background).
struct StatementCode {
  var text: String
  /// Whether the statement runs a pipeline.
  var runs = false
  /// Whether it ran in the background (`&`): it runs together with the next one.
  var background = false
}

/// Translates a checked program into RxSwift 6, Combine or RxJS 7 code: by meaning, not by
/// spelling (`retry 3` is RxSwift's `retry(3)` but Combine's `retry(2)`), with a helper for
/// what a library lacks and a comment where no faithful translation exists.
///
///     Exporter.export(program, name: "retry.pipe", to: .combine)
///     // import Combine ... cold("-a-#").retry(2)  // pipe's retry 3: 3 attempts in all
public enum Exporter {
  /// What every `--runnable` program says it prints, whatever the library.
  static let runnablePrints =
    "// Prints each value the pipeline's sink would print, then completed or error: KIND."

  /// The code, or (thrown) a diagnostic for each stage it cannot translate (`ExportCheck`):
  /// never pipe's own text in the code.
  public static func export(
    _ program: Program, name: String, to library: ExportLibrary, runnable: Bool = false
  ) throws(DiagnosticError) -> String {
    let refusals = ExportCheck(library: library).refusals(in: program)
    guard refusals.isEmpty else { throw DiagnosticError(refusals) }
    let writer: any LibraryExport =
      switch library {
      case .combine: CombineExport(runnable: runnable)
      case .rxswift: RxSwiftExport(runnable: runnable)
      case .rxjs: RxJSExport(runnable: runnable)
      }
    let context = ExportContext()
    context.errors = ErrorEnum(source: ErrorEnum.source(of: program))
    context.numbersAttempts = ReadsAttempt.program(program)
    var bindings: Set<String> = []
    var body: [StatementCode] = []
    for statement in program.statements {
      // A secret set in the script is masked, as history keeps it.
      let source = writer.comment(Redactor.maskingAssignments(in: statement.text))
      switch statement.kind {
      case .run(let pipeline, let background):
        let note = background == nil ? "" : "\n" + writer.comment("(pipe ran it in the background, with &)")
        body.append(
          StatementCode(
            text: source + note + "\n"
              + writer.pipeline(pipeline, context: context, bindings: bindings, background: background != nil),
            runs: true, background: background != nil))
      case .binding(let name, let pipeline):
        let note = severalDiagrams(pipeline, bindings: bindings).map {
          "\n" + writer.comment(usesNote(name.text, $0))
        }
        body.append(
          StatementCode(
            text: source + (note ?? "") + "\n"
              + writer.binding(name.text, pipeline, context: context, bindings: bindings)))
        bindings.insert(name.text)
      case .setting(let path, let value):
        // The RxJS export honours an error's retryAfter until the script says it off.
        let retryAfter = path.text == "retryAfter"
        if retryAfter { context.honoursRetryAfter = value.word != "off" }
        if library != .rxjs && retryAfter {
          // The Swift exports' delay strategies always honour an error's retryAfter.
          let note =
            "(a setting of pipe's: no code; the delay strategies below still wait at least an error's"
            + " retryAfter: drop their honouringRetryAfter for pipe's off)"
          body.append(StatementCode(text: source + "\n" + writer.comment(note)))
        } else {
          body.append(StatementCode(text: source + "\n" + writer.comment("(a setting of pipe's: no code)")))
        }
      case .command:
        body.append(StatementCode(text: source + "\n" + writer.comment("(a prompt command: no code)")))
      }
    }
    return writer.document(name: name, body: body, context: context)
  }

  /// The diagrams of a binding's source, `cold [A, B]`, when there are several: each use of
  /// the name counts its own subscriptions in pipe, where the code's one value counts them all.
  private static func severalDiagrams(_ pipeline: Pipeline, bindings: Set<String>) -> Int? {
    let walk = ChainWalk(pipeline, bindings: bindings)
    // With share, the uses within a statement are one subscription.
    let shared = walk.steps.contains { if case .share = $0.meaning { return true } else { return false } }
    guard case .cold(let diagrams, _)? = walk.source?.meaning, diagrams.count > 1, !shared else { return nil }
    return diagrams.count
  }

  static func usesNote(_ name: String, _ diagrams: Int) -> String {
    "(in pipe each use of \(name) plays the \(diagrams) diagrams from the first, a retry the next; "
      + "here all its uses share one count of subscriptions)"
  }
}
