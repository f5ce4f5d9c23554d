import Synchronization

/// The root lifetime of one run: lets any thread stop it at once, and stops a run that
/// resubscribes without end while its clock stands still.
///
/// A run's outermost observer takes its control as lifetime, and every operator's lifetime
/// leads down to it, so each synchronous loop in the chain (`range`, `from`, the trampoline
/// of `retry` and `repeat`) sees `isDisposed` turn true as soon as `stop` is called — from
/// the Ctrl-C handler's thread, while the loop is still busy. Whoever owns the run then
/// disposes it properly on the loop (`onStop` tells it to).
///
/// Operators that may resubscribe without a bound (`retry()`, `repeat()`, `retry(when:)`)
/// report each resubscription. One that comes before the previous subscription returned,
/// or while the clock still reads the same instant, counts towards `resubscriptionLimit`;
/// reaching it stops the run as a runaway, which RxSwift would loop on forever.
///
///     let control = RunControl(clock: scheduler)
///     _ = Observable.just(1).repeat().subscribe(Observer(lifetime: control) { _ in })
///     control.reason  // .runaway(resubscriptions: 1_000_000, at: 0s)
public final class RunControl: Cancelable, @unchecked Sendable {
  /// Why a run was stopped.
  public enum Reason: Equatable, Sendable {
    /// Someone asked: Ctrl-C, SIGINT.
    case interrupted
    /// It resubscribed `resubscriptions` times without time moving from `at`.
    case runaway(resubscriptions: Int, at: Time)
  }

  /// How many resubscriptions at one instant make a runaway, unless told otherwise.
  public static let defaultResubscriptionLimit = 1_000_000

  private let stopped = Atomic<Bool>(false)
  private let state = Mutex<(reason: Reason?, onStop: (@Sendable (Reason) -> Void)?)>((nil, nil))
  private let clock: (any Scheduler)?
  /// Resubscriptions at one instant that stop the run.
  public let resubscriptionLimit: Int
  // Touched on the run loop only, by the operators that resubscribe.
  @exclusivity(unchecked) private var instant: Time?
  @exclusivity(unchecked) private var sameInstant = 0

  /// A control for a run on `clock` (nil: only synchronous resubscriptions count).
  public init(clock: (any Scheduler)? = nil, resubscriptionLimit: Int = RunControl.defaultResubscriptionLimit)
  {
    self.clock = clock
    self.resubscriptionLimit = Swift.max(1, resubscriptionLimit)
  }

  /// True once the run was stopped; cheap enough to ask per element.
  public var isDisposed: Bool { stopped.load(ordering: .relaxed) }

  /// This control itself: the end of every lifetime chain.
  public var runControl: RunControl? { self }

  /// Why the run was stopped, once it was.
  public var reason: Reason? { state.withLock { $0.reason } }

  /// Called once, on the thread that stops the run, with the reason. It must not touch
  /// engine objects (they belong to the loop): it should post the cleanup there.
  public func onStop(_ action: @escaping @Sendable (Reason) -> Void) {
    let reason = state.withLock { state -> Reason? in
      if state.reason == nil { state.onStop = action }
      return state.reason
    }
    if let reason { action(reason) }
  }

  /// Stops the run: from now on every loop in its chain sees it as disposed. The first
  /// reason given is kept. Safe from any thread.
  public func stop(_ reason: Reason) {
    let action = state.withLock { state -> (@Sendable (Reason) -> Void)?? in
      guard state.reason == nil else { return .none }
      state.reason = reason
      defer { state.onStop = nil }
      return .some(state.onStop)
    }
    guard case .some(let action) = action else { return }
    stopped.store(true, ordering: .relaxed)
    action?(reason)
  }

  /// Disposing a control is stopping it as interrupted.
  public func dispose() { stop(.interrupted) }

  /// Counts one resubscription of an operator without a bound; `synchronous` when the
  /// previous subscription has not returned yet, so time cannot have moved. Returns false
  /// when this one made the run a runaway (it is stopped). Called on the run loop.
  public func countResubscription(synchronous: Bool) -> Bool {
    let now = clock?.now ?? .zero
    if synchronous || now == instant {
      sameInstant += 1
    } else {
      instant = now
      sameInstant = 1
    }
    guard sameInstant >= resubscriptionLimit else { return true }
    stop(.runaway(resubscriptions: sameInstant, at: now))
    return false
  }
}

extension Cancelable {
  /// The control of the run this lifetime belongs to; nil when it is not known.
  public var runControl: RunControl? { nil }
}
