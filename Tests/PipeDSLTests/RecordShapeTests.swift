import Dispatch
import PipeDSL
import Synchronization
import XCTest

/// Records are a shape (their keys, interned: `RecordShape`) and values. Records of one
/// sequence of keys share a shape however they were made (a literal, JSON, field by field);
/// records of other shapes with the same fields are equal, hash alike, and a field read that
/// sees several shapes in turn reads each right.
final class RecordShapeTests: XCTestCase {
  func compile(_ text: String) throws -> CompiledExpression {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(names: []), source: "s")
  }

  func record(_ value: Value) throws -> Record {
    guard case .record(let record) = value else { throw NotARecord(value: value.literal) }
    return record
  }

  /// A value that should have been a record: thrown, it fails the test.
  struct NotARecord: Error {
    let value: String
  }

  /// Every answer of a JSON source has its keys' shape, the same one a literal or a record
  /// built field by field of those keys in that order has.
  func testRecordsOfOneSequenceOfKeysShareAShapeWhateverMadeThem() throws {
    let answers = try (0..<3).map { i in
      try record(Value(json: #"{"city":"Oslo","temp":\#(i),"humidity":\#(80 + i)}"#))
    }
    XCTAssertTrue(answers.allSatisfy { $0.shape === answers[0].shape })
    let literal = try record(try compile(#"[city: "Rome", temp: ., humidity: 1]"#)(5))
    XCTAssertTrue(literal.shape === answers[0].shape)
    var built = Record()
    built["city"] = "Oslo"
    built["temp"] = 0
    built["humidity"] = 80
    XCTAssertTrue(built.shape === answers[0].shape)
    XCTAssertEqual(built, answers[0])
    XCTAssertEqual(built.keys, ["city", "temp", "humidity"])
    let reordered = try record(Value(json: #"{"temp":0,"city":"Oslo","humidity":80}"#))
    XCTAssertFalse(reordered.shape === answers[0].shape)
  }

  /// `==` and hashing ignore field order, across shapes as within one; field order is kept
  /// for printing and JSON.
  func testRecordsOfOtherShapesWithTheSameFieldsAreEqualAndHashAlike() throws {
    let a = try record(Value(json: #"{"a":1,"b":[2,{"c":3}],"d":null}"#))
    let b = try record(Value(json: #"{"d":null,"a":1,"b":[2,{"c":3}]}"#))
    XCTAssertFalse(a.shape === b.shape)
    XCTAssertEqual(a, b)
    XCTAssertEqual(a.hashValue, b.hashValue)
    XCTAssertEqual(Set([Value.record(a), .record(b)]).count, 1)
    XCTAssertEqual(Value.record(a).show, #"{a: 1, b: [2, {c: 3}], d: null}"#)
    XCTAssertEqual(Value.record(b).json.encodedString(), #"{"d":null,"a":1,"b":[2,{"c":3}]}"#)
    let differs: [Value] = [
      try Value(json: #"{"a":1,"b":[2,{"c":4}],"d":null}"#), try Value(json: #"{"d":null,"a":1,"b":[2]}"#),
      try Value(json: #"{"a":1,"b":[2,{"c":3}]}"#), try Value(json: #"{"a":1,"b":[2,{"c":3}],"e":null}"#),
      try Value(json: #"{"a":1.0,"b":[2,{"c":3}],"d":null}"#),
    ]
    for other in differs {
      XCTAssertNotEqual(Value.record(a), other, other.literal)
      XCTAssertNotEqual(Value.record(b), other, other.literal)
    }
  }

  /// Setting and removing a field moves the record to the shape of its new keys; a key set
  /// again keeps its place.
  func testSettingAndRemovingFieldsChangesTheShapeAsTheKeysChange() throws {
    var record = try record(Value(json: #"{"a":1,"b":2,"c":3}"#))
    record["b"] = nil
    XCTAssertEqual(record.keys, ["a", "c"])
    XCTAssertTrue(record.shape === (["a": 0, "c": 0] as Record).shape)
    XCTAssertNil(record["b"])
    record["a"] = "x"
    record["b"] = 4
    XCTAssertEqual(Value.record(record).show, #"{a: "x", c: 3, b: 4}"#)
    XCTAssertEqual(record, ["b": 4, "a": "x", "c": 3])
    record["zz"] = nil
    XCTAssertEqual(record.count, 3)
    XCTAssertEqual(Record([("k", 1), ("j", 2), ("k", 3)]).fields, [.init("k", 3), .init("j", 2)])
  }

  /// Records grown and shrunk field by field, their values strings on the heap, over and
  /// over (so that each new record's storage is memory an ended one held): each holds what
  /// was set, and equals the record made at once.
  func testRecordsGrownAndShrunkFieldByFieldHoldWhatWasSet() {
    let keys = (0..<6).map { "key\($0)" }
    for turn in 0..<500 {
      var record = Record()
      for key in keys { record[key] = .string(String(repeating: key, count: 4) + String(turn)) }
      record[keys[2]] = nil
      record[keys[0]] = .int(turn)
      let expected = Record(
        [(keys[0], Value.int(turn))]
          + [1, 3, 4, 5].map {
            (keys[$0], Value.string(String(repeating: keys[$0], count: 4) + String(turn)))
          })
      XCTAssertEqual(record, expected, "turn \(turn)")
      XCTAssertEqual(record.keys, expected.keys)
    }
  }

  /// One read site (`.b`) fed records of several shapes in turn, the key at other indices or
  /// missing, reads each one's own field.
  func testAReadSiteSeeingShapesInTurnReadsEachRight() throws {
    let read = try compile(".b")
    let records: [(Value, Value)] = [
      (try Value(json: #"{"a":1,"b":2}"#), 2), (try Value(json: #"{"b":3,"a":1}"#), 3),
      (try Value(json: #"{"a":1}"#), nil), (["x": 0, "y": 0, "b": "far"], "far"),
      (.record(Record((0..<40).map { ("k\($0)", Value.int($0)) } + [("b", 40)])), 40),
      (try Value(json: #"{"b":[1]}"#), [1]),
    ]
    for turn in 0..<5 {
      for (value, expected) in turn % 2 == 0 ? records : records.reversed() {
        XCTAssertEqual(try read(value), expected, "turn \(turn): \(value.literal)")
      }
    }
  }

  /// Read sites shared by threads, each thread reading records of another shape: every read
  /// finds its own record's field.
  func testReadSitesSharedByThreadsReadEachRecordsOwnField() throws {
    let reads = try ["b", "c"].map { try compile(".\($0)") }
    let shapes: [[String]] = [["a", "b", "c"], ["c", "b"], ["b", "x", "y", "c"], ["c", "q", "b"]]
    let wrong = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      var misses = 0
      for i in 0..<2000 {
        let keys = shapes[(thread + i) % shapes.count]
        let value = Value.record(Record(keys.map { ($0, Value.string($0 + String(i))) }))
        for (read, key) in zip(reads, ["b", "c"]) where (try? read(value)) != .string(key + String(i)) {
          misses += 1
        }
      }
      wrong.withLock { $0 += misses }
    }
    XCTAssertEqual(wrong.withLock { $0 }, 0)
  }

  /// Shapes the table does not keep (many or long keys: untrusted JSON can make any number)
  /// still read, compare and print as any record.
  func testRecordsOfShapesNotInternedBehaveAsAnyRecord() throws {
    let long = String(repeating: "k", count: 2000)
    for keys in [(0..<100).map { "f\($0)" }, [long, "b"]] {
      let json = "{" + keys.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}"
      let first = try record(Value(json: json))
      let second = try record(Value(json: json))
      XCTAssertFalse(first.shape === second.shape)
      XCTAssertEqual(first, second)
      XCTAssertEqual(first.hashValue, second.hashValue)
      XCTAssertEqual(Value.record(first).json.encodedString(), json)
      let read = try compile(".b")
      XCTAssertEqual(try read(.record(first)), keys.firstIndex(of: "b").map { .int($0) } ?? .null)
      XCTAssertEqual(try read(.record(second)), keys.firstIndex(of: "b").map { .int($0) } ?? .null)
      XCTAssertEqual(first[keys[keys.count - 1]], .int(keys.count - 1))
    }
  }
}
