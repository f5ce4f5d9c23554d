import Synchronization

/// The levels of the lists and records whose depth stages checked last
/// (`Value.nests(deeperThan:)`, which `StageBuild` asks of each value a wrapping stage
/// passes). A value a stage wraps (`buffer 1`'s `[v]`, `enumerate`'s record) holds values the
/// stage before it checked, so its check looks their levels up here instead of measuring them
/// again: 512 `buffer 1` stages measured the whole value at each of them (21 s in debug).
///
/// Each value is held here until four newer ones are, so that the address of its storage
/// names it alone while it is here, and no longer: a run holds at most four values more than
/// its stages do.
struct PassedDepths {
  static let shared = Mutex(PassedDepths())
  private static let size = 4
  private(set) var kept: [Kept] = []
  private var next = 0

  struct Kept: Sendable {
    let storage: Int
    let value: Value
    let levels: Int
  }

  /// Keeps `value`'s levels, in place of the oldest kept.
  mutating func keep(_ value: Value, storage: Int, levels: Int) {
    let kept = Kept(storage: storage, value: value, levels: levels)
    if self.kept.count < Self.size {
      self.kept.append(kept)
    } else {
      self.kept[next] = kept
      next = (next + 1) % Self.size
    }
  }
}

extension [PassedDepths.Kept] {
  /// The levels kept for the list or record at `storage`, if it is here.
  func levels(ofStorage storage: Int?) -> Int? {
    guard let storage else { return nil }
    return first { $0.storage == storage }?.levels
  }
}

extension Value {
  /// The address of a list's or record's storage, which names it while it lives; nil for a
  /// scalar.
  var storageAddress: Int? {
    switch self {
    case .list(let items): return address(of: items)
    case .record(let record): return Int(bitPattern: record.values.address)
    default: return nil
    }
  }

  /// Whether a list or record (at `storage`) of `items` nests more than `limit` levels deep,
  /// each item looked up among the values checked last before it is measured; the answer is
  /// kept for the next check (`PassedDepths`).
  static func nests(
    _ value: Value, items: some Sequence<Value>, storage: Int?, deeperThan limit: Int
  ) -> Bool {
    if isFlat(items) { return limit < 1 }
    let known = PassedDepths.shared.withLock { $0.kept }
    if let levels = known.levels(ofStorage: storage) { return levels > limit }
    var measure = ValueMeasure(maxLevels: max(limit, 0), maxBytes: .max)
    var deepest = 0
    for item in items {
      deepest = max(
        deepest, known.levels(ofStorage: item.storageAddress) ?? measure.levels(of: item, above: 1))
      if measure.tooDeep || deepest >= limit { return true }
    }
    if let storage {
      PassedDepths.shared.withLock { $0.keep(value, storage: storage, levels: deepest + 1) }
    }
    return deepest + 1 > limit
  }
}

extension Value {
  /// Whether `items` are a few scalars and strings (a record of a fixed shape, a small list):
  /// their list or record nests one level, which is answered without the lock and the depths
  /// kept (the values that nest do not pass here, so those kept stay the ones worth keeping).
  @inline(__always)
  fileprivate static func isFlat(_ items: some Sequence<Value>) -> Bool {
    var count = 0
    for item in items {
      count += 1
      switch item {
      case .list, .record: return false
      default: if count > 16 { return false }
      }
    }
    return true
  }
}

private func address<Item>(of items: [Item]) -> Int? {
  items.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
}
