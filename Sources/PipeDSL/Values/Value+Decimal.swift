/// Ints in decimal, as `String(int)` writes them, without its general formatter.
extension Value {
  /// `String(int)`: its digits counted, then written straight into the string's storage,
  /// which for up to 15 bytes (every int within ±10^14) is a small string: no allocation,
  /// and, being ASCII, no UTF-8 validation. `String(int)` went through
  /// `BinaryInteger.description`'s general formatter (about 260 instructions for "1999999");
  /// digits made on the stack and read by `String(decoding:as:)` were validated (167).
  static func decimal(_ int: Int) -> String {
    var length = int < 0 ? 2 : 1
    var rest = int.magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    return String(unsafeUninitializedCapacity: length) { digits in
      _ = writeDecimal(int, into: digits)
      return length
    }
  }

  /// The bytes of the longest int in decimal, `-9223372036854775808`.
  static var maxDecimalBytes: Int { 20 }

  /// Writes `int` in decimal at the end of `digits` (long enough: `maxDecimalBytes` holds
  /// any int), last digit first, and returns where it starts.
  @inline(__always)
  static func writeDecimal(_ int: Int, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
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
    return start
  }
}
