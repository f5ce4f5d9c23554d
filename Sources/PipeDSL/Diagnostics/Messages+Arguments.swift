import Operators

/// Messages about a stage's or a strategy's arguments (`ArgumentReader`), kept together.
extension Diagnostic {
  /// `take "3"`: an argument of another kind than the stage reads there.
  static func wrongArgumentType(_ arg: Arg, expected: String) -> Diagnostic {
    Diagnostic(
      id: .wrongArgumentType, message: "expected \(expected), found \(arg.kind.summary)", span: arg.span)
  }

  /// `delay -1s`.
  static func negativeDuration(_ span: Span) -> Diagnostic {
    Diagnostic(id: .negativeDuration, message: "a duration cannot be negative", span: span)
  }

  /// `delay 2000h`: past `Limits.longestDuration`; `found` as the message names it.
  static func durationTooLong(_ span: Span, found: String) -> Diagnostic {
    Diagnostic(
      id: .durationTooLong, message: "a duration is \(Limits.durationRange), found \(found)", span: span)
  }

  /// `take -1`.
  static func numberTooSmall(_ span: Span, _ value: Int, minimum: Int) -> Diagnostic {
    Diagnostic(
      id: .numberTooSmall, message: "expected a number of at least \(minimum), found \(value)", span: span)
  }

  /// `buffer 2000000`: past a limit of pipe's.
  static func numberTooLarge(_ span: Span, _ value: Int, maximum: Int) -> Diagnostic {
    Diagnostic(
      id: .numberTooLarge,
      message: "expected a number of at most \(maximum) (a limit of pipe), found \(value)",
      span: span)
  }

  /// `{*: 1}` outside a retryWhen dict.
  static func wildcardInRecord(_ span: Span) -> Diagnostic {
    Diagnostic(id: .wildcardInRecord, message: "'*' only stands in a retryWhen dict", span: span)
  }

  /// `just .`: no outer element outside a sub-pipeline.
  static func dotOutsideSubpipeline(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .dotOutsideSubpipeline, message: "'.' means the outer element, and there is none here", span: span,
      help: "use '.' inside a sub-pipeline, as in flatMap (weather .)")
  }
}
