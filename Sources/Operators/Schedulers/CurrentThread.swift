import CThreadLocal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// RxSwift's `CurrentThreadScheduler`: a trampoline that defers work until the outermost
/// subscription in progress on this thread has returned.
///
/// The outermost `subscribe` on a thread installs the trampoline; work scheduled while it is
/// installed (by `of`, `from` and `range`, one value per turn) waits in a queue, first in
/// first out, and runs once that `subscribe` returns, before it hands back its disposable.
/// So a synchronous list subscribed during another subscription emits after it, as in
/// RxSwift:
///
///     of(20).merge(with: .just(1))       // (1 20|): just emits during subscribe, of after
///     of(4, 9).combineLatest(.just(1))   // [4,1] [9,1]: the other side is ready first
///
/// `just`, `empty` and `error` emit at once, as RxSwift's do (they bypass the trampoline).
public enum CurrentThread {
  /// A thread's trampoline: made once per thread at a fixed address and kept, so that a
  /// subscription costs no allocation; `isActive` while a subscription (or what it queued)
  /// is in progress. Reached through a pointer, it costs no reference counting and no
  /// exclusivity check: it is only ever touched by its own thread.
  @usableFromInline struct Trampoline {
    @usableFromInline var queue = RingBuffer<() -> Void>()
    @usableFromInline var isActive = false
    /// How many scheduled actions are running on this thread (one, unless an action runs
    /// another's item itself), and what waits for the outermost to return (`afterAction`).
    @usableFromInline var actionDepth = 0
    @usableFromInline var afterAction: [() -> Void] = []
    @usableFromInline init() {}
  }

  /// This thread's trampoline, made on first use: one thread-local load (`CThreadLocal`).
  @inlinable static var current: UnsafeMutablePointer<Trampoline> {
    if let pointer = pipe_current_trampoline_get() { return pointer.assumingMemoryBound(to: Trampoline.self) }
    return makeCurrent()
  }

  /// Makes this thread's trampoline and sets it as the thread's; a pthread key releases it
  /// when the thread ends (a C thread-local has no destructor).
  @usableFromInline static func makeCurrent() -> UnsafeMutablePointer<Trampoline> {
    let trampoline = UnsafeMutablePointer<Trampoline>.allocate(capacity: 1)
    trampoline.initialize(to: Trampoline())
    pthread_setspecific(releaseKey, trampoline)
    pipe_current_trampoline_set(trampoline)
    return trampoline
  }

  /// The key whose destructor releases a thread's trampoline when the thread ends.
  static let releaseKey: pthread_key_t = {
    var key = pthread_key_t()
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
      pipe_current_trampoline_set(nil)
      guard let trampoline = pointer?.assumingMemoryBound(to: Trampoline.self) else { return }
      trampoline.deinitialize(count: 1)
      trampoline.deallocate()
    }
    precondition(pthread_key_create(&key, release) == 0, "pthread_key_create failed")
    return key
  }()

  /// Whether a trampoline is installed on this thread (a subscription is in progress).
  @inlinable public static var isInstalled: Bool { current.pointee.isActive }

  /// Runs `work`, installing the trampoline around it if none is: then what `work`
  /// scheduled runs after it, before this returns.
  @inlinable public static func run<Result>(_ work: () -> Result) -> Result {
    let trampoline = current
    if trampoline.pointee.isActive { return work() }
    return install(trampoline, work)
  }

  /// Installs `trampoline`, runs `work`, then drains the queue and uninstalls it.
  @inlinable static func install<Result>(
    _ trampoline: UnsafeMutablePointer<Trampoline>, _ work: () -> Result
  ) -> Result {
    trampoline.pointee.isActive = true
    let result = work()
    drain(trampoline)
    return result
  }

  /// Runs what was queued, in order (and what that queues), then uninstalls the trampoline.
  /// Inlinable for the common case of an empty queue (`just`, `map`, `filter`: nothing to run).
  @inlinable static func drain(_ trampoline: UnsafeMutablePointer<Trampoline>) {
    if !trampoline.pointee.queue.isEmpty { runQueued(trampoline) }
    trampoline.pointee.isActive = false
  }

  @usableFromInline static func runQueued(_ trampoline: UnsafeMutablePointer<Trampoline>) {
    while let next = trampoline.pointee.queue.dequeue() { next() }
  }

  /// Runs `work` once the scheduler action running on this thread (a `ScheduledItem`: a timer,
  /// a diagram's event) has returned, or at once if none runs. What an event set going inside
  /// that action (a `startWith` or `repeat` subscribing after the output ended) has then
  /// happened: a job's end waits for it, as RxSwift's recording sees it.
  public static func afterAction(_ work: @escaping () -> Void) {
    let trampoline = current
    if trampoline.pointee.actionDepth > 0 {
      trampoline.pointee.afterAction.append(work)
    } else {
      work()
    }
  }

  /// Runs a scheduled action, then, if it was the outermost, what waits for it to return.
  static func runAction(_ action: () -> Void) {
    let trampoline = current
    trampoline.pointee.actionDepth += 1
    action()
    trampoline.pointee.actionDepth -= 1
    guard trampoline.pointee.actionDepth == 0 else { return }
    while !trampoline.pointee.afterAction.isEmpty {
      let waiting = trampoline.pointee.afterAction
      trampoline.pointee.afterAction = []
      for work in waiting { work() }
    }
  }

  /// Runs `action` after the work in progress (at once if no trampoline is installed).
  public static func schedule(_ action: @escaping () -> Void) {
    let trampoline = current
    if trampoline.pointee.isActive {
      trampoline.pointee.queue.enqueue(action)
    } else {
      install(trampoline, action)
    }
  }
}
