/// Holds one disposable at a time; replacing it disposes the old one.
///
/// Used by operators that resubscribe (`retry`, `concat`) or switch (`flatMapLatest`).
public final class SerialDisposable: Cancelable {
  @exclusivity(unchecked) private var current: (any Disposable)?
  @exclusivity(unchecked) public private(set) var isDisposed = false

  public init() {}

  /// The held disposable. Setting disposes the previous one, or the new one if already disposed.
  public var disposable: (any Disposable)? {
    get { current }
    set {
      if isDisposed {
        newValue?.dispose()
        return
      }
      let old = current
      current = newValue
      old?.dispose()
    }
  }

  public func dispose() {
    guard !isDisposed else { return }
    isDisposed = true
    let old = current
    current = nil
    old?.dispose()
  }
}
