/// What one value may hold, so that a script cannot build a value that ends pipe rather
/// than the run: a value is released, printed, compared and written as JSON by recursion,
/// one level at a time (LANGUAGE.md, "Limits").
extension Value {
  /// How deep lists and records may nest: as deep as JSON pipe reads from a plugin or a
  /// server (`JSONParser.maxDepth`).
  public static let maxDepth = 512

  /// Whether the value nests more than `limit` levels deep (`1` and `[]` are one level,
  /// `[[1]]` two); it looks no deeper than `limit + 1` levels, at each list or record it
  /// holds many times only once (`ValueMeasure`), and not into the values checked last
  /// (`PassedDepths`), so that wrapping a checked value costs one level.
  public func nests(deeperThan limit: Int) -> Bool {
    switch self {
    case .list(let items): return Self.nests(self, items: items, storage: storageAddress, deeperThan: limit)
    case .record(let record):
      return Self.nests(
        self, items: record.values, storage: storageAddress, deeperThan: limit)
    default: return limit < 0  // a scalar, at every event of every stage: spared the measure
    }
  }

  /// About how many bytes the value holds, as `Limits.maxHeldBytes` counts them: 16 for each
  /// value, list and record, and the UTF-8 bytes of its strings and field names, counted as
  /// often as they are used (what printing it would write). Counting stops past `limit`, and
  /// a list or record held many times is measured once, so that measuring costs no more than
  /// the value's distinct parts, however much it shares.
  public func footprint(upTo limit: Int = Limits.maxHeldBytes) -> Int {
    switch self {
    case .list, .record: break
    case .string(let string): return 16 + string.utf8.count
    default: return 16
    }
    var measure = ValueMeasure(maxLevels: .max, maxBytes: limit)
    _ = measure.levels(of: self)
    return measure.bytes
  }
}

/// How deep a value nests and about how many bytes it holds (`Value.footprint`), measured
/// once per list or record storage however many times the value holds it: `[acc, acc]` made
/// sixty times over is measured in sixty steps, not 2^60. It stops once the value is found
/// deeper than `maxLevels` (`tooDeep`) or larger than `maxBytes`.
struct ValueMeasure {
  let maxLevels: Int
  let maxBytes: Int
  private(set) var bytes = 0
  private(set) var tooDeep = false
  /// The levels and bytes of each storage measured whole, once a value has shown itself big
  /// enough (`visits`) for remembering them to pay.
  private var known: [UnsafeRawPointer: (levels: Int, bytes: Int)] = [:]
  private var visits = 0

  init(maxLevels: Int, maxBytes: Int) {
    self.maxLevels = maxLevels
    self.maxBytes = maxBytes
  }

  var stopped: Bool { tooDeep || bytes > maxBytes }

  /// Measures `value`, held inside `above` lists and records; returns its levels (0 for a
  /// scalar, 1 for `[]` and `[1]`).
  mutating func levels(of value: Value, above: Int = 0) -> Int {
    add(16)
    visits += 1
    switch value {
    case .string(let string):
      add(string.utf8.count)
      return 0
    case .list(let items):
      let storage = items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      return levels(of: items, at: storage, above: above) { measure, _, item in
        measure.levels(of: item, above: above + 1)
      }
    case .record(let record):
      let keys = record.keys
      return levels(of: record.values, at: record.values.address, above: above) { measure, index, value in
        measure.add(keys[index].utf8.count)
        return measure.levels(of: value, above: above + 1)
      }
    default: return 0
    }
  }

  /// Counts `count` bytes more, up to `Int.max` (a value that shares one list at each of 60
  /// levels holds 2^60 of them).
  private mutating func add(_ count: Int) {
    bytes = bytes > Int.max - count ? Int.max : bytes + count
  }

  /// The levels of `items`, held at `storage` (which names them while they live).
  private mutating func levels<Items: RandomAccessCollection<Value>>(
    of items: Items, at storage: UnsafeRawPointer?, above: Int,
    _ each: (inout ValueMeasure, Int, Value) -> Int
  ) -> Int where Items.Index == Int {
    guard above < maxLevels else {
      tooDeep = true
      return 1
    }
    guard !items.isEmpty else { return 1 }
    let key = visits > 4096 ? storage : nil
    if let key, let seen = known[key] {
      add(seen.bytes)
      if above + seen.levels > maxLevels { tooDeep = true }
      return seen.levels
    }
    let start = bytes
    var deepest = 0
    for (index, item) in items.enumerated() {
      deepest = max(deepest, each(&self, index, item))
      if stopped { return deepest + 1 }
    }
    if let key { known[key] = (deepest + 1, bytes - start) }
    return deepest + 1
  }
}

/// What a sink that keeps values (`collect`, `table`, `plot`) holds so far, against
/// `Limits.maxItems` values and `Limits.maxHeldBytes` bytes.
public struct Holding: Sendable {
  public private(set) var count = 0
  public private(set) var bytes = 0

  public init() {}

  /// Counts `value` in and returns nil; or, when holding it would pass a limit, counts
  /// nothing and returns the limit as a message says it: `at most 1000000 values`.
  public mutating func take(_ value: Value) -> String? {
    guard count < Limits.maxItems else { return "at most \(Limits.maxItems) values" }
    let size = value.footprint(upTo: Limits.maxHeldBytes - bytes)
    guard size <= Limits.maxHeldBytes - bytes else { return "at most \(Limits.heldSize) of values" }
    count += 1
    bytes += size
    return nil
  }
}

/// What one run may hold, so that a script ends with an error rather than pipe running out
/// of memory (LANGUAGE.md, "Limits").
extension Limits {
  /// The values a list may hold (a list joined with `+`, `collect`, `buffer N`) and a
  /// drawing sink (`table`, `plot`) may keep; also a string's characters in bytes, 64 MiB.
  public static let maxItems = 1_000_000
  public static let maxStringBytes = 64 << 20
  /// The bytes one value, or all a sink keeps, may hold (`Value.footprint`): 512 MiB, so that
  /// a run ends with this limit's error before it runs out of memory (`ulimit -v 4000000`),
  /// even when many of its values share one string.
  public static let maxHeldBytes = 512 << 20
  /// `maxHeldBytes` as a message says it: `512 MiB`.
  public static var heldSize: String { "\(maxHeldBytes >> 20) MiB" }
  /// The events a run's trace (`log`, `marbles`) keeps.
  public static let maxRecords = 2_000_000

  /// The error a run ends with when it passes a limit.
  public static func exceeded(_ what: String) -> PipeError {
    PipeError(kind: PipeError.limitKind, message: what + " (a limit of pipe)")
  }
}

extension PipeError {
  /// A value or collection beyond one of pipe's limits (LANGUAGE.md, "Limits").
  public static let limitKind = "limitExceeded"

  /// The error for a list or record made deeper than `Value.maxDepth`.
  static var tooDeep: PipeError {
    Limits.exceeded("a list or record nests at most \(Value.maxDepth) levels deep")
  }

  /// The error for a list or record that would hold more than `Limits.maxHeldBytes`.
  static var tooLarge: PipeError {
    Limits.exceeded("a list or record holds at most \(Limits.heldSize)")
  }
}

extension Value {
  /// Whether the value is a scalar or a string of at most 1 MiB: up to four such items pass
  /// `checkItems` (they nest no level and hold far less than `Limits.maxHeldBytes`), so a
  /// record literal of them is not measured.
  @inline(__always) var isSmallItem: Bool {
    switch self {
    case .list, .record: return false
    case .string(let string): return string.utf8.count <= 1 << 20
    default: return true
    }
  }

  /// Checks a list's or record's new items, as every place that builds one in an expression
  /// does (`[...]`, `{...}`, `+`): none nests deeper than `Value.maxDepth` less one level, and
  /// together they hold at most `Limits.maxHeldBytes`.
  static func checkItems(_ items: some Sequence<Value>) throws(PipeError) {
    // Scalars and strings nest no level and hold 16 bytes and their UTF-8 each, as
    // `ValueMeasure` counts them: the common items, counted without a measure.
    var bytes = 0
    for item in items {
      switch item {
      case .list, .record:
        bytes = .max
      case .string(let string): bytes += 16 + string.utf8.count
      default: bytes += 16
      }
      if bytes > Limits.maxHeldBytes { break }
    }
    guard bytes > Limits.maxHeldBytes else { return }
    var measure = ValueMeasure(maxLevels: Value.maxDepth, maxBytes: Limits.maxHeldBytes)
    for item in items {
      _ = measure.levels(of: item, above: 1)
      guard !measure.tooDeep else { throw PipeError.tooDeep }
      guard measure.bytes <= Limits.maxHeldBytes else { throw PipeError.tooLarge }
    }
  }
}
