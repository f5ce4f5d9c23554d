/// The pure functions of the expression language: `round abs min max len str num`.
extension ExpressionFunction {
  public static let builtins: [ExpressionFunction] = [
    ExpressionFunction(
      "round", arity: 1...2, summary: "round(2.5) is 3 (an int); round(.temp, 1) keeps one decimal"
    ) {
      (arguments) throws(PipeError) in try round(arguments)
    },
    ExpressionFunction("abs", arity: 1...1, summary: "abs(-3) is 3", unary: abs) {
      (arguments) throws(PipeError) in try abs(arguments[0])
    },
    ExpressionFunction(
      "min", arity: 1...Int.max, summary: "min(3, 1, 2) is 1; min([3, 1]) is 1; min([]) is null"
    ) {
      (arguments) throws(PipeError) in
      try extreme(arguments, "min") { x, y throws(PipeError) in try Operations.order(x, y, op: "min") < 0 }
    },
    ExpressionFunction(
      "max", arity: 1...Int.max, summary: "max(3, 1, 2) is 3; max([3, 1]) is 3; max([]) is null"
    ) {
      (arguments) throws(PipeError) in
      try extreme(arguments, "max") { x, y throws(PipeError) in try Operations.order(x, y, op: "max") > 0 }
    },
    ExpressionFunction(
      "len", arity: 1...1, summary: "len(\"abc\") is 3; also lists and records", unary: length
    ) {
      (arguments) throws(PipeError) in try length(arguments[0])
    },
    ExpressionFunction(
      "str", arity: 1...1, summary: "str(21.5) is \"21.5\"; a string stays itself",
      unary: { .string($0.show) }
    ) {
      arguments in
      .string(arguments[0].show)
    },
    ExpressionFunction(
      "num", arity: 1...1, summary: "num(\"42\") is 42, num(\"2.5\") is 2.5", unary: number
    ) {
      (arguments) throws(PipeError) in try number(arguments[0])
    },
  ]

  private static func round(_ arguments: [Value]) throws(PipeError) -> Value {
    let value = arguments[0]
    guard arguments.count == 2 else {
      switch value {
      case .int: return value
      case .double(let double):
        let rounded = double.rounded()
        guard rounded.isFinite, Swift.abs(rounded) < 9.2e18 else { throw Operations.overflow("round", value) }
        return .int(Int(rounded))
      default: throw Operations.typeError("round needs a number, not \(Operations.describe(value))")
      }
    }
    guard case .int(let digits) = arguments[1], (0...15).contains(digits), let number = value.number else {
      throw Operations.typeError("round(x, digits) needs a number and 0 to 15 digits")
    }
    if case .int = value { return value }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return .double((number * scale).rounded() / scale)
  }

  private static func abs(_ value: Value) throws(PipeError) -> Value {
    switch value {
    case .int(let int):
      guard int != .min else { throw Operations.overflow("abs", value) }
      return .int(Swift.abs(int))
    case .double(let double): return .double(Swift.abs(double))
    default: throw Operations.typeError("abs needs a number, not \(Operations.describe(value))")
    }
  }

  /// The least value by `before`: of the arguments, or of the list when it is the only one.
  private static func extreme(
    _ arguments: [Value], _ name: String, by before: (Value, Value) throws(PipeError) -> Bool
  ) throws(PipeError) -> Value {
    var values = arguments
    if arguments.count == 1 {
      guard case .list(let list) = arguments[0] else {
        throw Operations.typeError(
          "\(name) of one argument needs a list, not \(Operations.describe(arguments[0]))")
      }
      values = list
    }
    guard var best = values.first else { return .null }
    for value in values.dropFirst() where try before(value, best) { best = value }
    return best
  }

  private static func length(_ value: Value) throws(PipeError) -> Value {
    switch value {
    case .string(let string): return .int(characters(string))
    case .list(let list): return .int(list.count)
    case .record(let record): return .int(record.count)
    default:
      throw Operations.typeError("len needs a string, list or record, not \(Operations.describe(value))")
    }
  }

  /// The characters of `string`, as `String.count` counts them: for ASCII text up to 4 KiB,
  /// its bytes less one for each CR LF (one character), read from its contiguous UTF-8
  /// without walking its grapheme clusters (a byte loop over `String.UTF8View` was an eighth
  /// of the time of `map {"item " + str(.)} | filter {len(.) > 6}`). The bytes are read eight
  /// at a time for a high bit (not ASCII) or a CR; only text with a CR is read byte by byte
  /// for its pairs (a byte loop that did both cost 135 instructions for "item 1999999").
  /// Other text goes to `String.count`.
  static func characters(_ string: String) -> Int {
    let utf8 = string.utf8
    guard utf8.count <= 4096 else { return string.count }
    let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard let base = bytes.baseAddress else { return 0 }
      let count = bytes.count
      let found = count >= 8 ? highOrCR(words: UnsafeRawPointer(base), count) : highOrCR(bytes)
      if found.high { return nil }
      guard found.cr else { return count }
      var pairs = 0
      var before: UInt8 = 0
      for byte in bytes {
        if byte == 0x0A && before == 0x0D { pairs += 1 }
        before = byte
      }
      return count - pairs
    }
    return (ascii ?? nil) ?? string.count
  }

  /// Whether any of `count` (at least 8) bytes at `start` has its high bit set, and whether
  /// any is a CR: read as words of 8 bytes, the last one overlapping the one before.
  @inline(__always)
  private static func highOrCR(words start: UnsafeRawPointer, _ count: Int) -> (high: Bool, cr: Bool) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var high: UInt64 = 0
    var cr: UInt64 = 0
    var offset = 0
    while true {
      let word = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      high |= word
      // A zero byte of `word ^ CRs` (a CR in `word`) sets its high bit here.
      let crs = word ^ (ones &* 0x0D)
      cr |= (crs &- ones) & ~crs
      if offset + 8 == count { break }
      offset = min(offset + 8, count - 8)
    }
    return (high & highs != 0, cr & highs != 0)
  }

  /// `highOrCR(words:)` for fewer than 8 bytes, one at a time.
  @inline(__always)
  private static func highOrCR(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: Bool, cr: Bool) {
    var high: UInt8 = 0
    var cr = false
    for byte in bytes {
      high |= byte
      cr = cr || byte == 0x0D
    }
    return (high >= 0x80, cr)
  }

  private static func number(_ value: Value) throws(PipeError) -> Value {
    switch value {
    case .int, .double: return value
    case .string(let string):
      let trimmed = String(
        string.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      if let int = Int(trimmed) { return .int(int) }
      if let double = Double(trimmed), double.isFinite { return .double(double) }
      throw Operations.typeError("cannot read \(value.literal) as a number")
    default: throw Operations.typeError("num needs a string or a number, not \(Operations.describe(value))")
    }
  }
}
