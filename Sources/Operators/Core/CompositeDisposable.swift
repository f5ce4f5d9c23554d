/// A group of disposables released together; one added after disposal is disposed at once.
///
///     let bag = CompositeDisposable()
///     let key = bag.insert(timer)
///     bag.remove(for: key)  // disposes timer
public final class CompositeDisposable: Cancelable {
  /// Identifies one member, for removal.
  public struct Key: Hashable, Sendable {
    fileprivate let value: Int
  }

  @exclusivity(unchecked) private var members: [Int: any Disposable]? = [:]
  @exclusivity(unchecked) private var nextKey = 0

  public init() {}

  public init(_ disposables: [any Disposable]) {
    for disposable in disposables { insert(disposable) }
  }

  public var isDisposed: Bool { members == nil }

  /// How many members are still held.
  public var count: Int { members?.count ?? 0 }

  /// Adds a member, or disposes it at once if the group is already disposed.
  @discardableResult
  public func insert(_ disposable: any Disposable) -> Key? {
    guard members != nil else {
      disposable.dispose()
      return nil
    }
    nextKey += 1
    members![nextKey] = disposable
    return Key(value: nextKey)
  }

  /// Removes a member and disposes it.
  public func remove(for key: Key) {
    members?.removeValue(forKey: key.value)?.dispose()
  }

  public func dispose() {
    guard let current = members else { return }
    members = nil
    for key in current.keys.sorted() { current[key]!.dispose() }
  }
}
