/// A piece of Swift a Combine export includes once, when a stage needs what Combine lacks.
enum CombineHelper: String, CaseIterable {
  case pipeError, clock, run, show, cold, numbered, interval, retryAfter, retryDelays, retryWhen, materialize,
    delayValues,
    debounceValues,
    shareWhileConnected, circuitBreaker, repeatCount, openCombineGaps

  /// The helpers in the order they are written, with what `used` needs.
  static func closure(of used: [String], runnable: Bool) -> [CombineHelper] {
    var names = Set(used)
    if names.contains(Self.delayValues.rawValue) || names.contains(Self.debounceValues.rawValue) {
      names.insert(Self.materialize.rawValue)
    }
    if names.contains(Self.retryDelays.rawValue) { names.insert(Self.retryAfter.rawValue) }
    // The materialized events are records, which `show` prints (and declares).
    if names.contains(Self.materialize.rawValue) { names.insert(Self.show.rawValue) }
    names.insert(Self.pipeError.rawValue)
    if runnable {
      names.formUnion([
        Self.clock.rawValue, Self.run.rawValue, Self.show.rawValue, Self.openCombineGaps.rawValue,
      ])
    }
    return allCases.filter { names.contains($0.rawValue) }
  }

  /// PipeError; with `numbered`, it says whether a stage has numbered it (the first that does,
  /// as pipe stamps an error once).
  static func pipeError(numbered: Bool) -> String {
    guard numbered else { return pipeError.text }
    return pipeError.text.replacingOccurrences(
      of: "    var attempt = 1\n", with: "    var attempt = 1\n    var numbered = false\n")
  }
}
