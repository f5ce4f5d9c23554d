/// Every kind of diagnostic the language reports, in one place.
///
/// The raw value is the stable name tests and tools match on (`unknownOperator`); the wording
/// of the message may improve, the name does not change. Add a case here before reporting a
/// new kind of problem, in the group of the phase that finds it.
public enum DiagnosticID: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  // Reading the text (the lexer, and the bytes before it).
  case invalidUTF8
  case unterminatedString, badEscape, badUnicodeEscape, badNumber, badDuration, numberTooLarge
  case unexpectedCharacter

  // Habits from Swift, RxSwift, RxJS and Combine: `$0`, `nil`, `x in`, `a.b().c()`.
  case foreignSyntax, methodChain

  // Parsing.
  case tooDeep, expressionTooLong, expectedStage, unexpectedInStage, expectedValue
  case expectedExpression, expectedToken, mismatchedCloser, unclosedBracket, trailingPipe
  case unmatchedCloser, expectedStatementEnd, expectedName, dottedName, expectedEquals
  case expectedSettingValue, expectedCommandName, expectedKey
  // A rate, `5 per 1s`, without its period or its count.
  case expectedRatePeriod, missingRateCount

  // Names, arguments and options of a stage (the checker).
  case unknownOperator, oldName, foreignName, unknownSetting, wrongArity, wrongArgumentType
  case negativeDuration, durationTooLong, largeBareSeconds, numberTooSmall, wildcardInRecord
  case dotOutsideSubpipeline
  case optionNeedsValue, duplicateOption, unknownOption, repeatedArgument
  case bindingShadowsOperator, invalidSetting, stageNotCompiled, bindingNotCompiled

  // Plugins met by name: one that could not start, one that hides another of its name.
  case pluginUnavailable, pluginShadows

  // Where a stage stands in its pipeline.
  case sourceAfterPipe, missingSource, missingPipe, sinkNotLast, sinkInSubpipeline, pipelineTooLong

  // Expressions inside `{ }`.
  case unknownName, unknownFunction, wrongArgumentCount

  // Retry strategies.
  case expectedStrategy, unknownStrategy, generalFormInDict, missingTimes, badFactor

  // One catalogue entry's own rules.
  case badAction, badCatch, badMarbles, badMarbleKey, badRate, rangeOverflow, zeroPeriod
  case badExpect, missingValue, unknownAction, unknownFallback, unknownJitter
  // The cures' stages (hedge, bulkhead, rateLimit, budget): an option they need.
  case missingOption
  // `clients` inside `clients`.
  case nestedClients

  // `pipe export`: a stage with no faithful translation into the library asked for.
  case notExportable

  public var description: String { rawValue }
}
