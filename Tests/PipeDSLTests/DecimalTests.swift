import XCTest

@testable import PipeDSL

/// An int written by `Value.decimal` (what `str`, `show` and the log write for an int) is
/// `String(int)`: for every length, sign and bound, small strings and heap ones.
final class DecimalTests: XCTestCase {
  func testEveryKindOfIntIsWrittenAsStringIntWritesIt() {
    var ints: [Int] = [0, 1, -1, 9, -9, 10, -10, .max, .min, .max - 1, .min + 1]
    var power = 1
    for _ in 0..<19 {
      ints += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
      power = power.multipliedReportingOverflow(by: 10).partialValue
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let shift = Int(state >> 58)
      ints.append(Int(bitPattern: UInt(state)) >> shift)
    }
    ints += Array(-1100...1100) + Array(1_999_990...2_000_010)
    for int in ints {
      let written = Value.decimal(int)
      XCTAssertEqual(written, String(int))
      XCTAssertEqual(Array(written.utf8), Array(String(int).utf8))
      XCTAssertEqual(Value.int(int).show, String(int))
      XCTAssertEqual(Value.int(int).literal, String(int))
    }
    XCTAssertGreaterThan(ints.count, 4000)
  }

  /// `str` of an int in the language, beside a double, a string and a list.
  func testStrOfAnIntInTheLanguage() {
    XCTAssertEqual(
      printed(#"of(0, -7, 123456789012345, -12345678901234, 1234567890123456) | map {str(.) + "!"} | show"#),
      ["0!", "-7!", "123456789012345!", "-12345678901234!", "1234567890123456!"])
    XCTAssertEqual(
      printed(#"of(2.5, "a", [1, -2]) | map {str(.)} | show"#), ["2.5", "a", "[1, -2]"])
  }
}
