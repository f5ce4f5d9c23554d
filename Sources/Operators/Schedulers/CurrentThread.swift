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
  /// The queue of one installed trampoline.
  @usableFromInline final class Trampoline {
    /// Only ever touched by its own thread (it is thread-local), so without the dynamic
    /// exclusivity check that would cost every value of `range` two runtime calls.
    @usableFromInline @exclusivity(unchecked) var queue = RingBuffer<() -> Void>()
    @usableFromInline init() {}
  }

  /// The thread's installed trampoline, if any.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
    return key
  }()

  /// Whether a trampoline is installed on this thread (a subscription is in progress).
  @inlinable public static var isInstalled: Bool { pthread_getspecific(key) != nil }

  @inlinable static var installed: Trampoline? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `work`, installing the trampoline around it if none is: then what `work`
  /// scheduled runs after it, before this returns.
  @inlinable public static func run<Result>(_ work: () -> Result) -> Result {
    if isInstalled { return work() }
    return install(work)
  }

  /// Installs a trampoline, runs `work`, then drains the queue and uninstalls it.
  @usableFromInline static func install<Result>(_ work: () -> Result) -> Result {
    let trampoline = Trampoline()
    pthread_setspecific(key, Unmanaged.passUnretained(trampoline).toOpaque())
    defer { pthread_setspecific(key, nil) }
    let result = withExtendedLifetime(trampoline) { work() }
    while let next = trampoline.queue.dequeue() { next() }
    return result
  }

  /// Runs `action` after the work in progress (at once if no trampoline is installed).
  public static func schedule(_ action: @escaping () -> Void) {
    if let trampoline = installed {
      trampoline.queue.enqueue(action)
    } else {
      install(action)
    }
  }
}
