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
    // The helpers that read or raise pipe's error record.
    let readers: [Self] = [.run, .show, .cold, .numbered, .retryAfter, .retryWhen, .circuitBreaker]
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

}
