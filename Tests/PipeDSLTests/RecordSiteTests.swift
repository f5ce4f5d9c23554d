import Dispatch
import Synchronization
import XCTest

@testable import PipeDSL

/// A record literal of fixed keys writes its next record into the storage of its last one
/// when nothing else holds that storage (`RecordSite`); a record anyone still holds keeps its
/// values, whoever holds it and however many records the literal makes after it.
final class RecordSiteTests: XCTestCase {
  func compile(_ text: String) throws -> CompiledExpression {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(), source: "s")
  }

  /// Records held (one, a list of them, one inside the next) keep their values while the
  /// literal makes more, for each number of fields a literal holds one by one.
  func testARecordHeldKeepsItsValues() throws {
    let literals = [
      "[a: .]", "[a: ., b: . * 2]", #"[a: ., b: . * 2, s: "x"]"#, #"[a: ., b: . * 2, s: "x", n: null]"#,
    ]
    for text in literals {
      let literal = try compile(text)
      let first = try literal(0)
      var kept: [Value] = []
      for i in 1..<6 {
        let made = try literal(.int(i))
        if i % 2 == 0 { kept.append(made) }
      }
      XCTAssertEqual(first, try compile(text)(0), text)
      XCTAssertEqual(kept.map { $0["a"] }, [2, 4], text)
      XCTAssertEqual(try literal(9)["a"], 9, text)
      XCTAssertEqual(first["a"], 0, text)
    }
    XCTAssertEqual(
      printed("range(0, 4) | map {[a: ., b: . * 2]} | collect"),
      ["[{a: 0, b: 0}, {a: 1, b: 2}, {a: 2, b: 4}, {a: 3, b: 6}]"])
    XCTAssertEqual(
      printed("range(0, 3) | scan [a: 0, p: null] {[a: ., p: acc]} | last"),
      ["{a: 2, p: {a: 1, p: {a: 0, p: {a: 0, p: null}}}}"])
    XCTAssertEqual(
      printed("range(0, 6) | map {[a: . % 2]} | distinct | count"), ["6"])
  }

  /// A record dropped leaves its storage to the literal's next one: the fast path is taken.
  func testARecordDroppedLendsItsStorageToTheNext() throws {
    let literal = try compile("[a: ., b: . * 2]")
    let address = try literal(1).storageAddress
    XCTAssertNotNil(address)
    let next = try literal(2)
    XCTAssertEqual(next.storageAddress, address)
    XCTAssertEqual(next, ["a": 2, "b": 4])
    let another = try literal(3)
    XCTAssertNotEqual(another.storageAddress, address, "the record before is still held")
    XCTAssertEqual(next, ["a": 2, "b": 4])
    XCTAssertEqual(another, ["a": 3, "b": 6])
  }

  /// One literal evaluated on many threads at once: each record holds its own element's
  /// values.
  func testOneLiteralOnManyThreadsMakesEachItsOwnRecord() throws {
    let literal = try compile(#"[a: ., b: . * 2, s: "x"]"#)
    let made = Mutex<[Value?]>(Array(repeating: nil, count: 4000))
    DispatchQueue.concurrentPerform(iterations: 4000) { i in
      let record = try? literal(.int(i))
      for _ in 0..<3 { _ = try? literal(.int(-i)) }
      made.withLock { $0[i] = record }
    }
    let records = made.withLock { $0 }
    for i in 0..<4000 {
      XCTAssertEqual(records[i], ["a": .int(i), "b": .int(2 * i), "s": "x"], "\(i)")
    }
  }

  /// An error in a field leaves the literal making the records after it as before.
  func testAFieldThatFailsLeavesTheNextRecordsWhole() {
    XCTAssertEqual(
      printed(#"of(1, "x", 3) | map {[a: ., b: . * 2]} | show"#),
      [
        "{a: 1, b: 2}",
        #"error: typeError — cannot apply '*' to string "x" and int 2 (at map {[a: ., b: . * 2]})"#,
      ])
    XCTAssertEqual(
      printed(#"of(1, "x", 3) | map {[a: ., b: . * 2]} | catch (just 0) | retry 1 | show"#).count, 2)
  }

  /// The storage a literal keeps (the one it last reused, while a later record had to be
  /// made afresh) ends with the literal: its reuse leaves no reference over.
  func testTheStorageKeptEndsWithTheLiteral() throws {
    weak var kept: RecordStorage?
    do {
      let literal = try compile("[a: ., b: . * 2]")
      var held: [Value] = []
      for i in 0..<6 {
        let made = try literal(.int(i))
        guard i == 2, case .record(let record) = made else { continue }
        held.append(made)
        kept = record.storage
      }
      XCTAssertEqual(held, [["a": 2, "b": 4]])
      held.removeAll()
      XCTAssertNotNil(kept, "the literal keeps the storage of a record it made")
    }
    XCTAssertNil(kept)
  }
}
