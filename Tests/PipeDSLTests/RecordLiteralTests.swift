import PipeDSL
import XCTest

/// Records of a literal's keys (`[a: ., b: . * 2]`), whose fields a field read finds at the
/// index it remembers: each gives what it gave before, also for a record whose keys stand
/// elsewhere than in the record the read saw last.
final class RecordLiteralTests: XCTestCase {

  func compile(_ text: String) throws -> CompiledExpression {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(), source: "s")
  }

  func testALiteralsRecordsReadTheirFields() {
    XCTAssertEqual(
      printed("range(0, 8) | map {[a: ., b: . * 2]} | filter {.b % 4 == 0} | map {.a} | show"),
      ["0", "2", "4", "6"])
    XCTAssertEqual(
      printed("range(0, 3) | map {[a: ., b: . * 2]} | map {.c} | show"), ["null", "null", "null"])
  }

  /// One field read (`.b`) sees records of two literals whose keys stand in other orders, and
  /// records with no literal's shape, one after another: each time it reads the named field.
  func testAReadOfARecordOfAnotherShapeReadsItsOwnField() throws {
    let readB = try compile(".b")
    let first = try compile("[a: 1, b: 2]")(.null)
    let second = try compile("[b: 20, a: 10, c: 30]")(.null)
    let plain: Value = ["c": 300, "b": 200]
    for _ in 0..<3 {
      XCTAssertEqual(try readB(first), 2)
      XCTAssertEqual(try readB(second), 20)
      XCTAssertEqual(try readB(plain), 200)
    }
    XCTAssertEqual(
      printed(#"of(1, 2) | map {. == 1 ? [a: 1, b: 2] : [b: 20, a: 10]} | map {.b} | show"#), ["2", "20"])
  }

  /// A field added to or removed from a literal's record is read as the record now holds it.
  func testARecordChangedAfterItsLiteralReadsItsFieldsByKey() throws {
    let readB = try compile(".b")
    guard case .record(var record) = try compile("[a: 1, b: 2]")(.null) else {
      return XCTFail("not a record")
    }
    XCTAssertEqual(try readB(.record(record)), 2)
    record["a"] = nil
    XCTAssertEqual(try readB(.record(record)), 2)
    record["b"] = nil
    record["c"] = 3
    record["b"] = 4
    XCTAssertEqual(try readB(.record(record)), 4)
    XCTAssertEqual(Value.record(record).show, "{c: 3, b: 4}")
    XCTAssertEqual(try compile(".c")(.record(record)), 3)
  }

  /// Equal fields in another order, or in a record of no literal, are equal and hash alike;
  /// one different value is not equal.
  func testRecordsOfOtherShapesCompareByTheirFields() throws {
    let shaped = try compile("[a: 1, b: [2, 3]]")(.null)
    let reordered = try compile("[b: [2, 3], a: 1]")(.null)
    let plain: Value = ["b": [2, 3], "a": 1]
    XCTAssertEqual(shaped, reordered)
    XCTAssertEqual(shaped, plain)
    XCTAssertEqual(shaped.hashValue, reordered.hashValue)
    XCTAssertEqual(shaped.hashValue, plain.hashValue)
    XCTAssertNotEqual(shaped, try compile("[a: 1, b: [2, 4]]")(.null))
    XCTAssertNotEqual(try compile("[a: 1, b: 2]")(.null), try compile("[a: 1, b: 3]")(.null))
    XCTAssertEqual(shaped.show, "{a: 1, b: [2, 3]}")
    XCTAssertEqual(reordered.json.encodedString(), #"{"b":[2,3],"a":1}"#)
    XCTAssertEqual(
      printed("of(1, 1, 2) | map {[a: ., b: 0]} | distinct | show"), ["{a: 1, b: 0}", "{a: 2, b: 0}"])
  }

  /// A literal repeating a key keeps its first place and its last value, as before.
  func testALiteralRepeatingAKeyKeepsItsFirstPlaceAndLastValue() {
    XCTAssertEqual(printed("just 1 | map {[a: 1, b: 2, a: 3]} | show"), ["{a: 3, b: 2}"])
  }

  /// A literal of scalars is counted without a measure; one holding a record is still
  /// measured, and one nested too deep ends the run with the limit.
  func testALiteralHoldingARecordIsStillMeasured() {
    XCTAssertEqual(
      printed("range(0, 3) | scan [d: 0] {[d: acc.d + 1, s: \"x\", n: null]} | map {.d} | last"), ["3"])
    XCTAssertEqual(
      printed("range(0, 1000) | scan [] {[inner: acc]} | count").first?.split(separator: "\n").first,
      "error: limitExceeded — a list or record nests at most 512 levels deep (a limit of pipe) (at scan [] {[inner: acc]})"
    )
  }
}

extension XCTestCase {
  /// What `text` prints on a session of its own, its error lines last.
  func printed(_ text: String) -> [String] {
    let output = BufferedOutput()
    _ = Session.make(output: output).execute(SourceFile(name: "test.pipe", text: text))
    return output.lines + output.errorLines
  }
}
