import Operators

/// Messages of the compiler about stages, their options and the shape of a pipeline, kept
/// together.
extension Diagnostic {
  /// `delay by:`: an option written without its value.
  static func optionNeedsValue(_ name: String, at span: Span, signature: String) -> Diagnostic {
    Diagnostic(
      id: .optionNeedsValue, message: "'\(name)' needs a value", span: span,
      help: "it is written \(signature)")
  }

  /// `retry 2 max: 1 max: 2`.
  static func duplicateOption(_ name: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .duplicateOption, message: "'\(name)' is given twice", span: span)
  }

  /// `delay 1s jitter: 2`: an option the stage does not have.
  static func unknownOption(_ name: String, of entry: CatalogueEntry, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .unknownOption, message: "'\(entry.name)' has no option '\(name)'", span: span,
      help: Suggestions.didYouMean(name, in: entry.options) ?? "it is written \(entry.signature)")
  }

  /// `weather "Oslo"` on the line after a statement, where `| weather "Oslo"` was meant.
  static func missingPipe(atLineStart stage: Stage) -> Diagnostic {
    Diagnostic(
      id: .missingPipe, message: "missing '|' before '\(stage.operatorName)'?", span: .at(stage.span.start),
      help: "a line that goes on with the statement above starts with '|': | \(stage.text)")
  }

  /// `just 1 | weather "Oslo"`.
  static func sourceAfterPipe(_ name: String, _ stage: Stage) -> Diagnostic {
    Diagnostic(
      id: .sourceAfterPipe, message: "'\(name)' is a source and starts a pipeline", span: stage.span,
      help: "to combine streams, write merge (\(stage.text)) or concat (\(stage.text))")
  }

  /// `... | (just 1 | take 2)`: a source in a group after `|`.
  static func sourceInGroup(_ stage: Stage) -> Diagnostic {
    Diagnostic(
      id: .sourceAfterPipe, message: "'\(stage.operatorName)' is a source and starts a pipeline",
      span: stage.span, help: "a group after '|' holds operators only, such as (map { . } | take 2)")
  }

  /// `map { . }` first in a pipeline.
  static func missingSource(_ name: String, _ stage: Stage) -> Diagnostic {
    Diagnostic(
      id: .missingSource, message: "'\(name)' needs something upstream", span: stage.span,
      help: "start the pipeline with a source, as in just 1 | \(stage.text)")
  }

  /// `just 1 | show | take 1`.
  static func sinkNotLast(_ name: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .sinkNotLast, message: "'\(name)' ends a pipeline; nothing can follow it", span: span)
  }

  /// `flatMap (weather . | show)`, or `let x = just 1 | show` (`help`: where a sink belongs).
  static func sinkInSubpipeline(_ name: String, at span: Span, help: String? = nil) -> Diagnostic {
    Diagnostic(
      id: .sinkInSubpipeline, message: "'\(name)' can only end a pipeline that runs", span: span, help: help)
  }

  /// A plugin source's parameters that it does not have (`named`: them, quoted).
  static func unknownParameters(
    of source: String, _ named: String, count: Int, at span: Span, help: String
  ) -> Diagnostic {
    Diagnostic(
      id: .unknownOption, message: "'\(source)' has no parameter\(count > 1 ? "s" : "") \(named)", span: span,
      help: help)
  }

  /// A plugin source's parameter written twice.
  static func repeatedArgument(_ label: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .repeatedArgument, message: "'\(label)' is given twice", span: span)
  }

  /// A plugin source's required parameters left out (`list`: them, quoted).
  static func missingParameters(of source: String, _ list: String, at span: Span, signature: String)
    -> Diagnostic
  {
    Diagnostic(
      id: .wrongArity, message: "'\(source)' needs \(list)", span: span, help: "it is written \(signature)")
  }

  /// More stages than `Compiler.maximumStages`, names and groups counted where used.
  static func pipelineTooLong(_ weight: Int, maximum: Int, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .pipelineTooLong, message: "this pipeline has \(weight) stages; pipe runs at most \(maximum)",
      span: span, help: "split it with let names, or use fewer stages")
  }

  /// `set wether.mode "live"`.
  static func unknownSetting(_ name: Name, help: String?) -> Diagnostic {
    Diagnostic(id: .unknownSetting, message: "unknown setting '\(name.text)'", span: name.span, help: help)
  }

  /// A `let` name whose own pipeline had an error.
  static func bindingNotCompiled(_ name: String, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .bindingNotCompiled,
      message: "'\(name)' names a pipeline that did not compile (its error is above)",
      span: span)
  }

  /// A catalogue entry that refused a stage without saying why.
  static func stageNotCompiled(_ entry: CatalogueEntry, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .stageNotCompiled, message: "'\(entry.name)' could not be compiled as written", span: span,
      help: "it is written \(entry.signature)")
  }

  /// `take 1 2`: `expected` as the message says it (`1 argument`).
  static func wrongArity(_ name: String, expected: String, found: Int, at span: Span, signature: String)
    -> Diagnostic
  {
    Diagnostic(
      id: .wrongArity, message: "'\(name)' takes \(expected), found \(found)", span: span,
      help: "it is written \(signature)")
  }

  /// `errors 1`: `what` as the message names it.
  static func takesNoArguments(_ what: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .wrongArity, message: "\(what) takes no arguments", span: span)
  }

  /// `fliter`, with a suggestion if there is one (`help`).
  static func unknownOperator(_ name: Name, help: String?) -> Diagnostic {
    Diagnostic(id: .unknownOperator, message: "unknown operator '\(name.text)'", span: name.span, help: help)
  }

  /// `let map = just 1`.
  static func bindingShadowsOperator(_ name: Name) -> Diagnostic {
    Diagnostic(
      id: .bindingShadowsOperator, message: "'\(name.text)' is already an operator or source",
      span: name.span,
      help: "choose another name")
  }

  /// `set seed "x"`: `problem` as the settings say it.
  static func invalidSetting(_ problem: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .invalidSetting, message: problem, span: span)
  }

  /// `retryWhen 3`: not a retry strategy.
  static func expectedStrategy(_ arg: Arg) -> Diagnostic {
    Diagnostic(
      id: .expectedStrategy, message: "expected a retry strategy, found \(arg.kind.summary)", span: arg.span,
      help: "for example backoff(1, 3, 5, 10), exponential(1s, times: 5), until(weather.apiKey) or online")
  }

  /// `retryWhen bakoff(1, 2)`, with a suggestion among `strategies`.
  static func unknownStrategy(_ name: Name, among strategies: some Sequence<String>) -> Diagnostic {
    Diagnostic(
      id: .unknownStrategy, message: "unknown retry strategy '\(name.text)'", span: name.span,
      help: Suggestions.didYouMean(name.text, in: strategies))
  }

  /// `exponential(1s, tims: 5)`: a label the strategy does not have.
  static func unknownLabel(_ label: Name, of entry: StrategyEntry) -> Diagnostic {
    Diagnostic(
      id: .unknownOption, message: "'\(entry.name)' has no option '\(label.text)'", span: label.span,
      help: Suggestions.didYouMean(label.text, in: entry.labels) ?? "it is written \(entry.signature)")
  }

  /// `retryWhen {timeout: (errors | take 3)}`.
  static func generalFormInDict(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .generalFormInDict, message: "the form (errors | ...) cannot be a branch of a dict", span: span,
      help: "use it alone, as in retryWhen (errors | take 3)")
  }

  /// `cold "a" [ab: 1]`.
  static func badMarbleKey(_ span: Span) -> Diagnostic {
    Diagnostic(id: .badMarbleKey, message: "a marble value's key is one letter", span: span)
  }
}
