import PipeDSL
import XCTest

/// Literals worked out once (`"x" + "y"`), and `len`/`str` called without a list: each gives
/// what it gave before, errors included.
final class StringExpressionTests: XCTestCase {
  /// Literals alone are worked out once; one that fails still fails when it runs, naming the
  /// stage, as written.
  func testALiteralExpressionIsWorkedOutOnceOrFailsAtRunTime() {
    XCTAssertEqual(printed(#"range(0, 3) | map {"x" + "y"} | distinct | count"#), ["1"])
    // `map` gives the worked-out value without calling the expression.
    XCTAssertEqual(printed(#"range(0, 3) | map {"x" + "y"} | show"#), ["xy", "xy", "xy"])
    XCTAssertEqual(
      printed(#"of("a", 2) | map {[n: 6 * 7, s: "é" + "!"]} | map {[1 - 3, null, true]} | show"#),
      ["[-2, null, true]", "[-2, null, true]"])
    XCTAssertEqual(
      printed(#"just 1 | map {[a: "x" + "y", b: -(2 * 3), c: [1] + [2]]} | show"#),
      [
        #"{a: "xy", b: -6, c: [1, 2]}"#
      ])
    XCTAssertEqual(
      printed("just 1 | map {1 / 0} | show"),
      ["error: divisionByZero — 1 / 0: division by zero (at map {1 / 0})"]
    )
    XCTAssertEqual(
      printed(#"just 1 | map {"a" - 1} | show"#),
      [#"error: typeError — cannot apply '-' to string "a" and int 1 (at map {"a" - 1})"#])
  }

  /// `len` counts characters as Swift does, an ASCII CR LF as one; `str` and `abs` with one
  /// argument give what they gave.
  func testLenAndStrOfOneArgument() {
    XCTAssertEqual(
      printed(#"of("", "abc", "a\u{D}\nb", "\u{D}\u{D}\n", "héllo", "e\u{301}") | map {len(.)} | show"#),
      ["0", "3", "3", "2", "5", "1"])
    XCTAssertEqual(
      printed(#"range(8, 3) | map {"item " + str(.)} | filter {len(.) > 6} | show"#), ["item 10"])
    XCTAssertEqual(printed("of(-3, 2.5) | map {abs(.)} | show"), ["3", "2.5"])
    XCTAssertEqual(
      printed("just 1 | map {len(.)} | show"),
      ["error: typeError — len needs a string, list or record, not int 1 (at map {len(.)})"])
  }
}
