#if DEBUG
  import Synchronization
#endif

/// Counts live sinks and pending timers, as RxSwift's `Resources.total`.
///
/// Every test ends by checking that the count is back where it started: a subscription that
/// is never released, or a timer left behind, shows up here. Counting happens in debug
/// builds only; release builds pay nothing.
public enum Resources {
  #if DEBUG
    private static let counter = Atomic<Int>(0)
  #endif

  /// The number of live sinks and timers (always 0 in release builds).
  public static var total: Int {
    #if DEBUG
      return counter.load(ordering: .relaxed)
    #else
      return 0
    #endif
  }

  /// Whether counting is compiled in.
  public static var isTracking: Bool {
    #if DEBUG
      return true
    #else
      return false
    #endif
  }

  @usableFromInline static func increment() {
    #if DEBUG
      counter.add(1, ordering: .relaxed)
    #endif
  }

  @usableFromInline static func decrement() {
    #if DEBUG
      counter.subtract(1, ordering: .relaxed)
    #endif
  }
}
