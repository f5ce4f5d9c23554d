import Foundation
import Operators
import PipeDSL
import TerminalText

/// What the prompt commands `:graph`, `:graph dot`, `:schedule STRATEGY` and
/// `:export svg FILE` print, for the prompt (and scripts) to call. Call them off the
/// session's loop, between statements.
///
///     PromptPrinters.schedule("backoff(1, 3, 5, 10)", in: session).lines
///     // delays(1s, 3s, 5s, 10s) / attempt  wait  at / 1  —  0s / 2  1s  1s / ...
public enum PromptPrinters {
  /// `:graph` (a tree with node ids) or `:graph dot` (Graphviz) of the last pipeline run.
  public static func graph(of session: Session, dot: Bool = false) -> [String] {
    let graph = session.loop.sync { session.lastGraph }
    if dot { return GraphPrinter.dot(graph).split(separator: "\n").map(String.init) }
    return GraphPrinter.tree(graph, display: display(of: session))
  }

  /// `:schedule STRATEGY [retryAfter D]`: the waits of a delay strategy, each at least D when
  /// it is given (as when every error says `Retry-After: D`) and the `retryAfter` setting is
  /// on; a mistake in the text comes back as diagnostics rendered with `paint` (that of the
  /// stream they go to), with `failed` set.
  public static func schedule(_ text: String, in session: Session, paint: Paint = .plain)
    -> (lines: [String], failed: Bool)
  {
    let unicode = display(of: session).unicode
    let (strategyText, waitText) = splitRetryAfter(text)
    let render = { (diagnostics: [Diagnostic], file: SourceFile) -> (lines: [String], failed: Bool) in
      let rendered = DiagnosticRenderer(paint: paint).render(diagnostics, in: file)
      return (rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), true)
    }
    return session.loop.sync {
      let compiled = session.compiler.compileStrategy(strategyText)
      guard let strategy = compiled.strategy else { return render(compiled.diagnostics, compiled.file) }
      var retryAfter: Time?
      if let waitText {
        let wait = session.compiler.compileDuration(waitText)
        guard let duration = wait.duration else { return render(wait.diagnostics, wait.file) }
        retryAfter = duration
      }
      guard let schedule = strategy.schedule else {
        return (
          [
            "\(strategyText) waits for something to happen rather than for a fixed time: no schedule to print"
          ],
          false
        )
      }
      let honoured = session.runtime.settings["retryAfter"] != .string("off")
      var lines = SchedulePrinter.lines(
        for: schedule, seed: session.runtime.seed, title: text, unicode: unicode,
        retryAfter: honoured ? retryAfter : nil)
      if retryAfter != nil && !honoured {
        lines.append("retryAfter is off: each wait is the strategy's own (set retryAfter on)")
      }
      return (lines, false)
    }
  }

  /// `backoff(1, 3) retryAfter 7s` → (`backoff(1, 3)`, `7s`).
  static func splitRetryAfter(_ text: String) -> (String, String?) {
    guard let match = text.firstMatch(of: /^(.*\S)\s+retryAfter\s+(\S+)\s*$/) else { return (text, nil) }
    return (String(match.1), String(match.2))
  }

  /// `:export svg FILE`: writes the last `marbles` diagram as SVG; nil when done, else what
  /// went wrong.
  public static func exportSVG(from session: Session, to path: String) -> String? {
    let (svg, redactor, permissions) = session.loop.sync {
      (session.services.drawing?.lastDiagramSVG, session.runtime.redactor, session.runtime.permissions)
    }
    guard let svg else { return "no diagram to export yet: run a pipeline that ends in marbles first" }
    // No secret's value in the file; written only where the person allows.
    return TextFile.write(redactor.redact(svg), to: path, permissions: permissions)
  }

  private static func display(of session: Session) -> Display {
    guard let layout = session.loop.sync({ session.services.drawing?.layout }) else { return Display() }
    return Display(width: layout.width, unicode: layout.unicode)
  }
}
