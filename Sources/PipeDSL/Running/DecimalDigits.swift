/// An int in decimal, as `String(int)` writes it, made as bytes on the stack: a line that is
/// (or holds) an int is made without a `String` for it (`String(int)` cost ~260 instructions,
/// a line's `String` as much again). `show` and `log` write their lines so; `str` writes the
/// same digits into a string (`Value.decimal`).
enum DecimalDigits {
  /// Calls `body` with the digits of `int`, after a minus sign when it is negative: made
  /// last first at the end of a buffer on the stack (`Value.writeDecimal`), then given at once.
  @inline(__always)
  static func with<Result>(_ int: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Value.maxDecimalBytes) { digits in
      let start = Value.writeDecimal(int, into: digits)
      return body(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
