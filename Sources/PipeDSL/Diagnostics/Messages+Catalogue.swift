import Operators

/// Messages of the catalogue's entries about the words of their stages, kept together.
extension Diagnostic {
  /// `onNext { print($0) }`: Rx's closure, where pipe names the action first.
  static func actionBeforeExpression(_ name: String, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .badAction, message: "\(name) takes an action before its expression", span: span,
      help: "write '\(name) say { . }' (say prints the expression), '\(name) log' or '\(name) count NAME'")
  }

  /// `tap log 1`, `tap say`, `tap count`: an action written wrong (`message`: how to write it).
  static func badAction(_ message: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .badAction, message: message, span: span)
  }

  /// `tap print`.
  static func unknownAction(_ word: Name) -> Diagnostic {
    Diagnostic(
      id: .unknownAction, message: "unknown action '\(word.text)'", span: word.span,
      help: Suggestions.didYouMean(word.text, in: ["log", "say", "count"])
        ?? "write log, say { EXPR } or count NAME")
  }

  /// `throttle 1s latest: 1`.
  static func latestIsABool(at span: Span) -> Diagnostic {
    Diagnostic(
      id: .wrongArgumentType, message: "latest takes true or false", span: span,
      help: "write throttle 1s latest: false")
  }

  /// `catch { 0 }`.
  static func catchOfAnExpression(at span: Span) -> Diagnostic {
    Diagnostic(
      id: .badCatch, message: "catch takes a fallback, not an expression", span: span,
      help: "write catch cache, catch empty, catch just VALUE or catch (PIPELINE), as in catch (just 0)")
  }

  /// `catch just`.
  static func catchJustWithoutValue(at span: Span) -> Diagnostic {
    Diagnostic(id: .badCatch, message: "write the value after just: catch just 0", span: span)
  }

  /// `catch cahce`.
  static func unknownFallback(_ word: Name) -> Diagnostic {
    Diagnostic(
      id: .unknownFallback, message: "unknown fallback '\(word.text)'", span: word.span,
      help: Suggestions.didYouMean(word.text, in: ["cache", "empty", "just", "ask"])
        ?? "write cache, empty, just VALUE, (PIPELINE) or ask")
  }

  /// `catch cache empty`.
  static func catchTakesOneFallback(at span: Span) -> Diagnostic {
    Diagnostic(id: .wrongArity, message: "'catch' takes one fallback", span: span)
  }

  /// `cold []`.
  static func noDiagrams(at span: Span) -> Diagnostic {
    Diagnostic(
      id: .badMarbles, message: "a list of diagrams needs at least one", span: span,
      help: "write cold [\"-#\", \"-(a|)\"]: the n-th subscription plays the n-th diagram")
  }

  /// `cold "a-("`: what the marble reader said.
  static func badMarbles(_ message: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .badMarbles, message: "bad marble diagram: \(message)", span: span)
  }

  /// `chaos rate: 2`.
  static func badRate(at span: Span) -> Diagnostic {
    Diagnostic(id: .badRate, message: "the rate is a number from 0 to 1", span: span)
  }

  /// `exponential(1s, factor: 0)`.
  static func badFactor(at span: Span) -> Diagnostic {
    Diagnostic(id: .badFactor, message: "the factor is a number from 1 to 100", span: span)
  }

  /// `exponential(1s, jitter: fill)`.
  static func unknownJitter(_ word: Name, among names: [String]) -> Diagnostic {
    Diagnostic(
      id: .unknownJitter, message: "unknown jitter '\(word.text)'", span: word.span,
      help: Suggestions.didYouMean(word.text, in: names) ?? "none, full, equal or decorrelated")
  }

  /// `expect attempts`, `expect [1] error`, `expect 3`: an `expect` written wrong (`message`:
  /// what it needs).
  static func badExpect(_ message: String, at span: Span) -> Diagnostic {
    Diagnostic(id: .badExpect, message: message, span: span)
  }

  /// `buffer 3 0s`.
  static func bufferOfNoTime(at span: Span) -> Diagnostic {
    Diagnostic(id: .numberTooSmall, message: "buffer's duration must be more than zero", span: span)
  }

  /// `range(9223372036854775807, 2)`.
  static func rangeOverflow(at span: Span) -> Diagnostic {
    Diagnostic(id: .rangeOverflow, message: "the range passes the largest whole number", span: span)
  }

  /// `every 0ms`.
  static func zeroPeriod(at span: Span) -> Diagnostic {
    Diagnostic(id: .zeroPeriod, message: "the period must be longer than zero", span: span)
  }

  /// `retry when: backoff(1, 2)`: RxSwift's old form.
  static func retryWhenOldName(at span: Span) -> Diagnostic {
    Diagnostic(
      id: .oldName, severity: .warning, message: "'retry(when:)' is written 'retryWhen' in pipe", span: span,
      help: "write retryWhen STRATEGY")
  }

  /// `exponential(1s)`: a counted strategy without `times:` (`signature`: how it is written).
  static func missingTimes(_ name: String, at span: Span, signature: String?) -> Diagnostic {
    Diagnostic(
      id: .missingTimes, message: "'\(name)' needs times: N, how many retries at most", span: span,
      help: signature.map { "it is written \($0)" })
  }
}
