/// One pending action of a scheduler; disposing it cancels the action.
///
/// A pending item counts in `Resources.total` until it runs or is cancelled.
public final class ScheduledItem: Cancelable {
  @exclusivity(unchecked) private var action: (() -> Void)?

  public init(_ action: @escaping () -> Void) {
    self.action = action
    Resources.increment()
  }

  public var isDisposed: Bool { action == nil }

  /// Runs the action unless it was cancelled; an item runs at most once.
  public func run() {
    guard let action else { return }
    self.action = nil
    Resources.decrement()
    CurrentThread.runAction(action)
  }

  public func dispose() {
    guard action != nil else { return }
    action = nil
    Resources.decrement()
  }
}
