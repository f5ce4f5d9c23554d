/// Holds a disposable assigned once; disposing before the assignment disposes it on arrival.
///
/// A sink keeps its upstream subscription here, because a synchronous source can end the
/// subscription before `subscribe` has returned the disposable.
public final class SingleAssignmentDisposable: Cancelable {
  @exclusivity(unchecked) private var current: (any Disposable)?
  @exclusivity(unchecked) private var assigned = false
  @exclusivity(unchecked) public private(set) var isDisposed = false

  public init() {}

  /// Assigns the disposable; assigning twice is a programming error.
  public func setDisposable(_ disposable: any Disposable) {
    precondition(!assigned, "SingleAssignmentDisposable assigned twice")
    assigned = true
    if isDisposed {
      disposable.dispose()
    } else {
      current = disposable
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
