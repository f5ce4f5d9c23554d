/// An int in decimal, as `String(int)` writes it, made as bytes on the stack: a line that is
/// (or holds) an int is made without a `String` for it (`String(int)` cost ~260 instructions,
/// a line's `String` as much again). `show` and `log` write their lines so.
public enum DecimalDigits {
  /// Calls `body` with the digits of `int`, after a minus sign when it is negative: made
  /// last first at the end of a buffer on the stack, then given at once.
  @inlinable
  public static func with<Result>(_ int: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    // 19 digits and a sign: `Int.min`.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var magnitude = int.magnitude
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
        magnitude /= 10
      } while magnitude != 0
      if int < 0 {
        start -= 1
        digits[start] = UInt8(ascii: "-")
      }
      return body(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
