import Dispatch

/// The wall clock, optionally sped up, running its actions on the run loop's queue.
///
///     let clock = RealTimeScheduler(loop: loop, speed: 10)
///     clock.schedule(after: .seconds(10)) { ... }  // runs about one second from now
public final class RealTimeScheduler: Scheduler {
  private let loop: Loop
  private let origin: UInt64
  /// How many times faster than the wall clock this clock runs.
  public let speed: Double

  public init(loop: Loop, speed: Double = 1) {
    precondition(speed > 0, "speed must be positive")
    self.loop = loop
    self.speed = speed
    self.origin = DispatchTime.now().uptimeNanoseconds
  }

  public var now: Time {
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - origin)
    return Time(nanoseconds: Time.clamped(elapsed * speed))
  }

  public func schedule(after delay: Time, _ action: @escaping () -> Void) -> any Disposable {
    let item = ScheduledItem(action)
    let wall = Int(clamping: Time.clamped(Double(max(delay, .zero).nanoseconds) / speed))
    let box = UncheckedSendable(item)
    loop.queue.asyncAfter(deadline: .now() + .nanoseconds(wall)) { box.value.run() }
    return item
  }

  /// The wall clock does not wait for anyone.
  public func holdClock() -> ClockHold { ClockHold() }
}
