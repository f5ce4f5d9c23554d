import Synchronization

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
    @usableFromInline init() {}
  }

  /// The key of the thread's trampoline; a thread's is released when the thread ends.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
      guard let trampoline = pointer?.assumingMemoryBound(to: Trampoline.self) else { return }
      trampoline.deinitialize(count: 1)
      trampoline.deallocate()
    }
    precondition(pthread_key_create(&key, release) == 0, "pthread_key_create failed")
    return key
  }()

  /// `key` plus one once it is made, else 0. A constant initial value, so this global is set
  /// up when the program loads: a look-up reads it without the one-time-initialisation call
  /// that `key` costs at every use (about 16 instructions, per resubscription of `retry`).
  @usableFromInline static let knownKey = Atomic<UInt>(0)

  /// This thread's trampoline, made on first use.
  @inlinable static var current: UnsafeMutablePointer<Trampoline> {
    let known = knownKey.load(ordering: .acquiring)
    if known != 0, let pointer = pthread_getspecific(pthread_key_t(truncatingIfNeeded: known &- 1)) {
      return pointer.assumingMemoryBound(to: Trampoline.self)
    }
    return makeCurrent()
  }

  /// This thread's trampoline, made if it has none yet; makes `key` known.
  @usableFromInline static func makeCurrent() -> UnsafeMutablePointer<Trampoline> {
    knownKey.store(UInt(key) + 1, ordering: .releasing)
    if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: Trampoline.self) }
    let trampoline = UnsafeMutablePointer<Trampoline>.allocate(capacity: 1)
    trampoline.initialize(to: Trampoline())
    pthread_setspecific(key, trampoline)
    return trampoline
  }

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
