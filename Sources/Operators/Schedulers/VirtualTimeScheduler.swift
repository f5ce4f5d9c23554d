import HeapModule
import Synchronization

/// A clock that jumps from one scheduled item to the next, as RxTest's `TestScheduler`.
///
/// Items due at the same time run in the order they were scheduled. While a `ClockHold` is
/// out (a plugin request in flight), the clock stands still: due items still run, but time
/// does not move until the hold is released, and then `onRelease` is called so the loop
/// can resume `run()`.
///
///     let clock = VirtualTimeScheduler()
///     clock.schedule(after: .seconds(2)) { print(clock.now) }
///     clock.run()  // prints 2s
public final class VirtualTimeScheduler: Scheduler {
  private struct Entry: Comparable {
    let time: Time
    let sequence: UInt64
    let item: ScheduledItem

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.time == rhs.time && lhs.sequence == rhs.sequence
    }
  }

  @exclusivity(unchecked) public private(set) var now: Time
  @exclusivity(unchecked) private var queue = Heap<Entry>()
  @exclusivity(unchecked) private var sequence: UInt64 = 0
  @exclusivity(unchecked) private var holds = 0
  /// `stopBit` (`stop()`, until the next `run` or `advance`) and `interruptBit` (`interrupt()`,
  /// until a `run` or `advance` uses it up), in one word: a run checks both with one load per
  /// item, as it checked `stop` alone before Ctrl-C could interrupt it.
  private let stops = Atomic<UInt8>(0)
  private static let stopBit: UInt8 = 1
  private static let interruptBit: UInt8 = 2

  /// Called when the last hold is released, so whoever drives the clock can go on.
  public var onRelease: (() -> Void)?

  public init(start: Time = .zero) { self.now = start }

  /// Whether external work holds the clock.
  public var isHeld: Bool { holds > 0 }

  /// Whether no item is waiting (cancelled items do not count).
  public var isIdle: Bool {
    dropCancelled()
    return queue.isEmpty
  }

  /// The time of the next item that will run, if any.
  public var nextDueTime: Time? {
    dropCancelled()
    return queue.min?.time
  }

  public func schedule(after delay: Time, _ action: @escaping () -> Void) -> any Disposable {
    sequence += 1
    let entry = Entry(time: now + max(delay, .zero), sequence: sequence, item: ScheduledItem(action))
    queue.insert(entry)
    return entry.item
  }

  /// Schedules an action at an absolute time (in the past means now).
  @discardableResult
  public func schedule(at time: Time, _ action: @escaping () -> Void) -> any Disposable {
    schedule(after: time - now, action)
  }

  public func holdClock() -> ClockHold {
    holds += 1
    return ClockHold { [weak self] in
      guard let self else { return }
      self.holds -= 1
      if self.holds == 0 { self.onRelease?() }
    }
  }

  /// Runs every item due up to `time`, then leaves the clock at `time` (unless held).
  public func advance(to time: Time) {
    clearStop()
    while !shouldStop(), let next = nextDueTime, next <= time {
      if next > now {
        if isHeld { return }
        now = next
      }
      queue.removeMin().item.run()
    }
    if !isStopped && !isHeld && time > now { now = time }
  }

  /// Moves the clock forward by `span`, running what falls due.
  public func advance(by span: Time) { advance(to: now + span) }

  /// Runs items until none is left, the clock is held, `stop()` is called, or the next
  /// item is later than `limit`. Returns true when nothing is left to run.
  @discardableResult
  public func run(until limit: Time? = nil) -> Bool {
    clearStop()
    // The stop is checked after each item (and once before the first), not at the top of
    // the loop: one test per item, as before Ctrl-C could interrupt (OperatorsBenchmark d).
    guard !shouldStop() else { return false }
    while let next = nextDueTime {
      if let limit, next > limit { return false }
      if next > now {
        if isHeld { return false }
        now = next
      }
      queue.removeMin().item.run()
      if shouldStop() { return false }
    }
    return isIdle
  }

  /// Makes the current `run` or `advance` return after the item now running.
  public func stop() { stops.bitwiseOr(Self.stopBit, ordering: .relaxed) }

  /// Makes the current `run` or `advance` return after the item now running, or the next
  /// one return at once if none is running; safe from any thread (Ctrl-C).
  public func interrupt() { stops.bitwiseOr(Self.interruptBit, ordering: .relaxed) }

  /// Whether the running `run` or `advance` should return: `stop` or `interrupt` was
  /// called (an interrupt is used up here, and stops the run as `stop` does).
  @inline(__always) private func shouldStop() -> Bool {
    stops.load(ordering: .relaxed) != 0 && usesUpInterrupt()
  }

  private func usesUpInterrupt() -> Bool {
    let before = stops.bitwiseAnd(~Self.interruptBit, ordering: .relaxed).oldValue
    if before & Self.interruptBit != 0 { stop() }
    return isStopped
  }

  private var isStopped: Bool { stops.load(ordering: .relaxed) & Self.stopBit != 0 }

  private func clearStop() { stops.bitwiseAnd(~Self.stopBit, ordering: .relaxed) }

  private func dropCancelled() {
    while let first = queue.min, first.item.isDisposed { queue.removeMin() }
  }
}
