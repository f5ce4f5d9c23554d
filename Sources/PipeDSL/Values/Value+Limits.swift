/// What one value may hold, so that a script cannot build a value that ends pipe rather
/// than the run: a value is released, printed, compared and written as JSON by recursion,
/// one level at a time (LANGUAGE.md, "Limits").
extension Value {
  /// How deep lists and records may nest: as deep as JSON pipe reads from a plugin or a
  /// server (`JSONParser.maxDepth`).
  public static let maxDepth = 512

  /// Whether the value nests more than `limit` levels deep (`1` and `[]` are one level,
  /// `[[1]]` two); it looks no deeper than `limit + 1` levels.
  public func nests(deeperThan limit: Int) -> Bool {
    switch self {
    case .list(let items): return limit < 1 || items.contains { $0.nests(deeperThan: limit - 1) }
    case .record(let record): return limit < 1 || record.contains { $0.value.nests(deeperThan: limit - 1) }
    default: return limit < 0
    }
  }
}

/// What one run may hold, so that a script ends with an error rather than pipe running out
/// of memory (LANGUAGE.md, "Limits").
extension Limits {
  /// The values a list may hold (a list joined with `+`, `collect`, `buffer N`) and a
  /// drawing sink (`table`, `plot`) may keep; also a string's characters in bytes, 64 MiB.
  public static let maxItems = 1_000_000
  public static let maxStringBytes = 64 << 20
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
}
