import Dispatch
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
///
/// A run whose owner says how to resume it (`onPark`) can also be *paused*: its work done
/// in slices (`slice`), each ending a few milliseconds in, however long the synchronous loop
/// it is in. The turn loops of the run (`TurnLoop`, `TurnLoopSink`) read the pause in a
/// flag of its own, hand their remaining work to the control (`park`) and return, so
/// the subscription or turn in progress returns; `resume`, later, on the loop, runs it on.
/// The prompt runs its background jobs so, and serves the person between two slices.
public final class RunControl: Cancelable, @unchecked Sendable {
  /// Why a run was stopped.
  public enum Reason: Equatable, Sendable {
    /// Someone asked: Ctrl-C, SIGINT.
    case interrupted
    /// It resubscribed `resubscriptions` times without time moving from `at`.
    case runaway(resubscriptions: Int, at: Time)
    /// It passed one of the limits of what a run may hold; whoever stopped it has said so.
    case limit
  }

  /// How many resubscriptions at one instant make a runaway, unless told otherwise.
  public static let defaultResubscriptionLimit = 1_000_000

  private struct State {
    var reason: Reason?
    var onStop: (@Sendable (Reason) -> Void)?
    /// The number of the slice in progress (or the next), so that a slice's late timer
    /// cannot pause a later one; whether the run is asked to pause.
    var slice = 0
    var paused = false
  }

  /// Stopped for good. Written under `state`'s lock, with `stoppedOrPaused`.
  private let stopped = Atomic<Bool>(false)
  /// Stopped, or asked to pause: what the loops read, in a flag of its own so that it costs
  /// them no more than `stopped` did; read in place, without a call, by the value loops
  /// (`TurnLoop.goesOn`). Written under `state`'s lock.
  @usableFromInline let stoppedOrPaused = Atomic<Bool>(false)
  private let state = Mutex(State())
  private let clock: (any Scheduler)?
  /// Resubscriptions at one instant that stop the run.
  public let resubscriptionLimit: Int
  // Touched on the run loop only, by the operators that resubscribe.
  @exclusivity(unchecked) private var instant: Time?
  @exclusivity(unchecked) private var sameInstant = 0
  // Touched on the run loop only: the work the run's loops handed back, and who resumes it.
  @exclusivity(unchecked) private var parked: [() -> Void] = []
  @exclusivity(unchecked) private var parkedHandler: (() -> Void)?

  /// A control for a run on `clock` (nil: only synchronous resubscriptions count).
  public init(clock: (any Scheduler)? = nil, resubscriptionLimit: Int = RunControl.defaultResubscriptionLimit)
  {
    self.clock = clock
    self.resubscriptionLimit = Swift.max(1, resubscriptionLimit)
  }

  /// True once the run was stopped; cheap enough to ask per element.
  public var isDisposed: Bool { stopped.load(ordering: .relaxed) }

  /// True once the run was stopped, or while it is asked to pause: what a turn loop
  /// (`TurnLoop`) reads per element, one load of a byte where it is inlined.
  @inlinable public var isDisposedOrPaused: Bool { stoppedOrPaused.load(ordering: .relaxed) }

  /// True while the run is asked to pause (and not stopped).
  public var isPaused: Bool { state.withLock { $0.paused && $0.reason == nil } }

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
      stopped.store(true, ordering: .relaxed)
      stoppedOrPaused.store(true, ordering: .relaxed)
      defer { state.onStop = nil }
      return .some(state.onStop)
    }
    guard case .some(let action) = action else { return }
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

extension RunControl {
  /// Makes the run pausable: `action` is called on the loop when a loop of the run first
  /// hands work back (`park`), and should have `resume` called later, on the loop, in a
  /// `slice`. Set it before the run is subscribed; a run without one is never paused.
  public func onPark(_ action: @escaping () -> Void) { parkedHandler = action }

  /// Runs `work` (on the loop) as one slice of the run: `nanoseconds` after it starts, the
  /// run is asked to pause, so its synchronous loops return (`park`) if they are still
  /// running; when `work` returns, the request is withdrawn. A no-op timer fires for a slice
  /// that ended first: the slice's number keeps it from pausing a later one.
  public func slice(nanoseconds: UInt64, _ work: () -> Void) {
    guard parkedHandler != nil else { return work() }
    let number = state.withLock { $0.slice }
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
      [weak self] in self?.pause(slice: number)
    }
    work()
    state.withLock { state in  // the next slice's number; the pause withdrawn, a stop kept
      state.slice &+= 1
      state.paused = false
      stoppedOrPaused.store(state.reason != nil, ordering: .relaxed)
    }
  }

  /// Asks the run's loops to pause, if slice `number` is still in progress. Any thread.
  private func pause(slice number: Int) {
    state.withLock { state in
      guard state.slice == number, state.reason == nil else { return }
      state.paused = true
      stoppedOrPaused.store(true, ordering: .relaxed)
    }
  }

  /// Called by a loop of the run that stopped because the run is paused (`isPaused`): keeps
  /// `work`, which carries the loop on, until `resume`. On the loop.
  public func park(_ work: @escaping () -> Void) {
    guard let parkedHandler else { return CurrentThread.schedule(work) }  // never paused
    parked.append(work)
    if parked.count == 1 { parkedHandler() }
  }

  /// Whether a loop of the run handed work back that has not been resumed yet.
  public var hasParkedWork: Bool { !parked.isEmpty }

  /// Runs on what the run's loops handed back, in the order they did, on the current-thread
  /// trampoline (call it in a `slice`; on the loop). Nothing after the run has stopped.
  public func resume() {
    let work = parked
    parked = []
    guard !isDisposed else { return }
    CurrentThread.run {
      for item in work { CurrentThread.schedule(item) }
    }
  }

  /// Lets go of the parked work of a run that has ended. On the loop.
  public func dropParkedWork() { parked = [] }
}

extension Cancelable {
  /// The control of the run this lifetime belongs to; nil when it is not known.
  public var runControl: RunControl? { nil }
}
