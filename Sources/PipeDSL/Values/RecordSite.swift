import Synchronization

/// Where a record literal of fixed keys (`[a: ., b: . * 2]`) makes its records: it keeps the
/// storage of one it made, and when nothing else holds that storage any more (the record
/// went down the pipeline and was dropped there, as nearly every one is), the next record is
/// written into it instead of a new allocation. This is the copy-on-write rule of a record
/// changed in place (`Record`'s subscript): storage that one holder alone has is changed by
/// it, storage that anyone else holds (a sink keeping the last value, `collect`, `distinct`,
/// `PassedDepths`) is left as it is, and the record is made afresh.
///
/// The storage kept is taken by an exchange, so that one evaluation at a time, on whichever
/// thread, can reuse it. The values of the record kept live until the next record is made,
/// or until the literal's expression ends.
final class RecordSite: Sendable {
  let shape: RecordShape
  /// An `Unmanaged<RecordStorage>`'s bits, retained, or 0.
  private let kept = Atomic<Int>(0)

  init(_ shape: RecordShape) { self.shape = shape }

  /// A record of the site's shape whose values the caller writes at the address given, all
  /// of them, before anything reads it.
  @inline(__always)
  func make() -> (record: Record, values: UnsafeMutablePointer<Value>) {
    let storage = reusable() ?? fresh()
    return (Record(storage: storage), storage.withUnsafeMutablePointerToElements { $0 })
  }

  /// The storage kept, its values ended, when nothing else holds it; nil otherwise. Either
  /// way the site keeps it: its bits go back with a reference of their own (one retain),
  /// and the reference taken from the site is the one handed out or ended.
  @inline(__always)
  private func reusable() -> RecordStorage? {
    let bits = kept.exchange(0, ordering: .acquiring)
    guard bits != 0 else { return nil }
    var storage = Self.unmanaged(bits).takeRetainedValue()
    let unique = isKnownUniquelyReferenced(&storage)
    if unique {
      storage.withUnsafeMutablePointers { header, values in
        for index in 0..<header.pointee.count { _ = (values + index).move() }
      }
    }
    _ = Self.unmanaged(bits).retain()
    let replaced = kept.exchange(bits, ordering: .acquiringAndReleasing)
    if replaced != 0 { Self.unmanaged(replaced).release() }
    return unique ? storage : nil
  }

  /// New storage, kept when the site keeps none (its first record; or one another thread
  /// took meanwhile).
  private func fresh() -> RecordStorage {
    let storage = RecordStorage.make(shape) { _ in }
    if kept.load(ordering: .relaxed) == 0 { keep(storage) }
    return storage
  }

  private func keep(_ storage: RecordStorage) {
    let bits = Int(bitPattern: Unmanaged.passRetained(storage).toOpaque())
    let replaced = kept.exchange(bits, ordering: .acquiringAndReleasing)
    if replaced != 0 { Self.unmanaged(replaced).release() }
  }

  /// The storage whose bits `kept` holds.
  @inline(__always)
  private static func unmanaged(_ bits: Int) -> Unmanaged<RecordStorage> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
  }

  deinit {
    let bits = kept.load(ordering: .acquiring)
    if bits != 0 { Self.unmanaged(bits).release() }
  }
}
