/// A clock that runs actions later: virtual time in tests and scripts, the wall clock at the
/// prompt.
///
/// Every scheduler runs its actions on the engine's one run loop, so operator code never
/// takes a lock.
public protocol Scheduler: AnyObject {
  /// The time since the scheduler's start.
  var now: Time { get }

  /// Runs `action` once `delay` has passed; disposing cancels it.
  func schedule(after delay: Time, _ action: @escaping () -> Void) -> any Disposable

  /// Tells the clock that external work (a plugin request, an HTTP call) is in flight.
  ///
  /// A virtual clock stands still until every hold is released, so a script's timing does
  /// not depend on how fast the outside world answers. The real clock ignores holds.
  func holdClock() -> ClockHold
}

extension Scheduler {
  /// Runs `action` now, on the loop, as a scheduled item (after what is already due).
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> any Disposable {
    schedule(after: .zero, action)
  }

  /// Runs `action` every `period`, first after one period; disposing stops it.
  ///
  /// As in RxSwift, the next tick is scheduled before the action runs, so work the action
  /// schedules for the same instant runs after the next tick is queued.
  public func schedulePeriodic(every period: Time, _ action: @escaping () -> Void) -> any Disposable {
    let serial = SerialDisposable()
    func tick(_ due: Time) {
      let delay = max(.zero, due - now)
      serial.disposable = schedule(after: delay) {
        tick(due + period)
        action()
      }
    }
    tick(now + period)
    return serial
  }
}

/// A hold on a virtual clock while external work is in flight; release it once.
public final class ClockHold: Disposable {
  private var onRelease: (() -> Void)?

  public init(_ onRelease: (() -> Void)? = nil) { self.onRelease = onRelease }

  /// Lets the clock move again (idempotent).
  public func release() {
    let action = onRelease
    onRelease = nil
    action?()
  }

  public func dispose() { release() }
}
