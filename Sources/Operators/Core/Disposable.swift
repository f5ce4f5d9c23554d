/// Something that can be released: a subscription, a timer, a resource.
///
/// Disposing twice is harmless. All engine objects live on one run loop, so no disposable
/// takes a lock.
public protocol Disposable: AnyObject {
  func dispose()
}

/// A disposable that can say whether it was disposed.
///
/// Synchronous sources such as `range` ask their observer's lifetime between elements, so a
/// downstream `take` stops them at once.
public protocol Cancelable: Disposable {
  var isDisposed: Bool { get }
  /// The control of the run this lifetime belongs to, found by following lifetimes
  /// downstream; nil when the chain does not lead to one (see `RunControl`).
  var runControl: RunControl? { get }
}

/// Factories for the common disposables.
public enum Disposables {
  /// A disposable that does nothing: for sources that finish during subscribe.
  nonisolated(unsafe) public static let empty: any Disposable = NopDisposable()

  /// A disposable that runs `action` once, on the first dispose.
  @inlinable public static func create(_ action: @escaping () -> Void) -> any Cancelable {
    AnonymousDisposable(action)
  }

  /// A disposable that disposes all of `disposables` at once.
  public static func create(_ disposables: any Disposable...) -> any Cancelable {
    CompositeDisposable(disposables)
  }
}

final class NopDisposable: Disposable, @unchecked Sendable {
  func dispose() {}
}

/// Runs an action on the first dispose.
@usableFromInline final class AnonymousDisposable: Cancelable {
  @usableFromInline @exclusivity(unchecked) var action: (() -> Void)?

  @inlinable init(_ action: @escaping () -> Void) { self.action = action }

  @inlinable var isDisposed: Bool { action == nil }

  @inlinable func dispose() {
    guard let action else { return }
    self.action = nil
    action()
  }
}

/// A flag that says whether it was disposed.
public final class BooleanDisposable: Cancelable {
  @exclusivity(unchecked) public private(set) var isDisposed = false
  public init() {}
  public func dispose() { isDisposed = true }
}
