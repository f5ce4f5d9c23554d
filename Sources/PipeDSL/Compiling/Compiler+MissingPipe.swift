/// The commonest slip: a `|` left out, between two stages on one line or at the start of a
/// line that goes on with the statement above.
extension Compiler {
  /// `weather "London" catch empty`: the first word that names a stage where the words
  /// before it are all the stage takes. The caret stands in the gap where the `|` belongs.
  func missingPipe(_ arity: ClosedRange<Int>, _ positional: [Arg], after name: Span) -> Diagnostic? {
    for (index, argument) in positional.enumerated() where arity.contains(index) {
      guard case .name(let next) = argument.kind, namesStage(next.text) else { continue }
      let gapStart = index == 0 ? name.end : positional[index - 1].span.end
      let gap = Span(gapStart, max(gapStart + 1, next.span.start))
      let fix = source.map { file in
        file.text(of: Span(name.start, gapStart)) + " | "
          + file.text(of: Span(next.span.start, positional.last!.span.end))
      }
      return .missingPipe(before: next.text, at: gap, fix: fix?.clipped())
    }
    return nil
  }

  /// `retry 3` on the line after a pipeline, in a file: it was meant to go on with it.
  func missingPipeAtLineStart(_ stage: Stage) -> Diagnostic? {
    guard let source, let previous = previousStatementEnd,
      source.line(of: stage.span.start) == source.line(of: previous) + 1
    else { return nil }
    return .missingPipe(atLineStart: stage)
  }

  /// Whether `name` is a stage: an operator, a plugin source, a `let` name or another
  /// library's name for one.
  private func namesStage(_ name: String) -> Bool {
    catalogue.lookup(name) != nil || externalSources[name] != nil || bindings[name] != nil
      || Translation.named(name) != nil
  }
}

extension Statement.Kind {
  /// `let` and runs hold a pipeline that a next line could go on with.
  var isPipeline: Bool {
    switch self {
    case .binding, .run: return true
    case .setting, .command: return false
    }
  }
}
