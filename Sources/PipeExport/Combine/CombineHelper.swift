/// A piece of Swift a Combine export includes once, when a stage needs what Combine lacks.
enum CombineHelper: String, CaseIterable {
  case pipeError, clock, run, cold, interval, retryDelays, retryWhen, materialize, delayValues,
    debounceValues,
    shareWhileConnected, circuitBreaker, repeatCount, openCombineGaps

  /// The helpers in the order they are written, with what `used` needs.
  static func closure(of used: [String], runnable: Bool) -> [CombineHelper] {
    var names = Set(used)
    if names.contains(Self.delayValues.rawValue) || names.contains(Self.debounceValues.rawValue) {
      names.insert(Self.materialize.rawValue)
    }
    names.insert(Self.pipeError.rawValue)
    if runnable { names.formUnion([Self.clock.rawValue, Self.run.rawValue, Self.openCombineGaps.rawValue]) }
    return allCases.filter { names.contains($0.rawValue) }
  }
}
