/// A piece of Swift a Combine export includes once, when a stage needs what Combine lacks.
enum CombineHelper: String, CaseIterable {
  case pipeError, clock, run, show, cold, numbered, interval, retryAfter, retryDelays, retryWhen, materialize,
    delayValues,
    debounceValues,
    shareWhileConnected, circuitBreaker, repeatCount, openCombineGaps, checked

  /// The helpers in the order they are written, with what `used` needs.
  static func closure(of used: [String], runnable: Bool) -> [CombineHelper] {
    var names = Set(used)
    if names.contains(Self.delayValues.rawValue) || names.contains(Self.debounceValues.rawValue) {
      names.insert(Self.materialize.rawValue)
    }
    if names.contains(Self.retryDelays.rawValue) { names.insert(Self.retryAfter.rawValue) }
    // The materialized events are records, which `show` prints (and declares).
    if names.contains(Self.materialize.rawValue) { names.insert(Self.show.rawValue) }
    // The error record where the code (ExportContext.readErrorRecord) or a helper reads it.
    let readers = allCases.filter { !$0.reads.isEmpty }
    if runnable || readers.contains(where: { names.contains($0.rawValue) }) {
      names.insert(Self.pipeError.rawValue)
    }
    if runnable {
      names.formUnion([
        Self.clock.rawValue, Self.run.rawValue, Self.show.rawValue, Self.openCombineGaps.rawValue,
      ])
    }
    return allCases.filter { names.contains($0.rawValue) }
  }

  /// The parts of pipe's error record the helper's text reads or raises: an export using it
  /// declares the record (`SwiftCode.pipeError`).
  var reads: [ErrorRecordPart] {
    switch self {
    case .pipeError, .clock, .interval, .delayValues, .debounceValues, .shareWhileConnected, .repeatCount,
      .openCombineGaps:
      return []
    case .run: return [.kind]
    case .show: return [.kind, .message, .source, .status, .attempt, .retryAfter]
    case .cold, .circuitBreaker: return [.pipeError]
    case .numbered: return [.pipeError, .attempt]
    case .retryAfter, .retryDelays: return [.retryAfter]
    case .retryWhen: return [.pipeError, .kind]
    case .checked: return [.pipeError]
    case .materialize: return [.kind, .message]
    }
  }

}
