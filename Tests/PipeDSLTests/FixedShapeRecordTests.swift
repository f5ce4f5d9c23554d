import PipeDSL
import XCTest

/// Record literals of a fixed shape (`[a: ., b: . * 2]`: keys fixed when compiled, each field
/// read in place or computed) against the general path: the same record built field by field
/// with `Record`'s subscript, each field's expression evaluated on its own. Values, errors,
/// field order, printing, JSON, equality and field reads agree, for every number of fields and
/// every kind of field (the element, a constant, a name, a field of the element, a computed
/// value, one that fails).
final class FixedShapeRecordTests: XCTestCase {
  static let elements: [Value] = [0, 1, -3, 2.5, "s", nil, ["a": 1, "x": ["y": 5]], [1, 2]]
  static let fields = [
    ".", ". * 2", #""London""#, "acc", ".a", "[1, .]", "1 / .", ".x.y", "len(str(.))", "null", "[k: .]",
  ]
  static let keys = ["city", "temp", "humidity", "a", "b", "description", "feelsLikeInCelsius"]

  func compile(_ text: String) throws -> CompiledExpression {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(names: ["acc"]), source: "s")
  }

  /// The value or the error as one comparable text.
  func outcome(_ run: () throws(PipeError) -> Value) -> String {
    do throws(PipeError) {
      let value = try run()
      return "\(value.literal) \(value.json.encodedString())"
    } catch {
      return "\(error.kind) \(error.message) @\(error.source)"
    }
  }

  /// The record of `entries` the general way: each field evaluated alone, in order, then set
  /// by key (a repeated key keeps its first place and its last value).
  func general(_ entries: [(String, CompiledExpression)], _ element: Value, _ context: ExpressionContext)
    throws(PipeError) -> Value
  {
    var record = Record()
    for (key, field) in entries { record[key] = try field(element, context) }
    return .record(record)
  }

  /// Literals of 1 to 7 fields, of every kind of field in turn, some repeating a key.
  func literals() -> [[(String, String)]] {
    var made: [[(String, String)]] = []
    for count in 1...7 {
      for start in Self.fields.indices {
        let entries = (0..<count).map { i in
          (Self.keys[(start + i) % Self.keys.count], Self.fields[(start + 3 * i) % Self.fields.count])
        }
        made.append(entries)
        if count > 1 { made.append(entries + [(entries[0].0, Self.fields[start])]) }
      }
    }
    return made
  }

  func testEveryLiteralMakesWhatTheGeneralPathMakes() throws {
    let context = ExpressionContext(single: 7)
    for entries in literals() {
      let text = "[" + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
      let literal = try compile(text)
      let compiled = try entries.map { ($0.0, try compile($0.1)) }
      for element in Self.elements {
        let made = outcome { () throws(PipeError) in try literal(element, context) }
        let expected = outcome { () throws(PipeError) in try general(compiled, element, context) }
        XCTAssertEqual(made, expected, "\(text) on \(element.literal)")
        guard let record = try? literal(element, context),
          let other = try? general(compiled, element, context)
        else { continue }
        XCTAssertEqual(record, other, text)
        XCTAssertEqual(record.hashValue, other.hashValue, text)
        XCTAssertEqual(record.show, other.show, text)
        if case .record(let made) = record, case .record(let built) = other {
          XCTAssertEqual(made.keys, built.keys, text)
          XCTAssertTrue(made.shape === built.shape, "one shape for one sequence of keys: \(text)")
        }
        for key in Self.keys + ["missing"] {
          let read = try compile(".\(key)")
          XCTAssertEqual(
            outcome { () throws(PipeError) in try read(record) },
            outcome { () throws(PipeError) in try read(other) }, "\(text).\(key)")
        }
      }
    }
  }

  /// A field of the element read in place (`[c: .city]`) reads a record of any shape, a
  /// missing field as null, and fails on what is not a record as `.city` alone does.
  func testAFieldOfTheElementReadInPlaceReadsAsAFieldRead() throws {
    let literal = try compile("[c: .city, t: .temp * 2, n: .city == \"Oslo\"]")
    let elements: [Value] = [
      ["city": "Oslo", "temp": 3], ["temp": 4, "city": "Rome"], ["temp": 1], nil, 5, "x", [1],
    ]
    let fields = [
      ("c", try compile(".city")), ("t", try compile(".temp * 2")), ("n", try compile(".city == \"Oslo\"")),
    ]
    for element in elements + elements.reversed() {
      let expected = outcome { () throws(PipeError) in try general(fields, element, ExpressionContext()) }
      XCTAssertEqual(outcome { () throws(PipeError) in try literal(element) }, expected, element.literal)
    }
  }

  /// A run ending in `last` keeps the last record a row passes (moved, not copied): the same
  /// as a run whose source does not fuse (`of`), also when later values are dropped.
  func testARowKeepingTheLastRecordKeepsTheLastOnePassed() {
    let values = (0..<10).map(String.init).joined(separator: ", ")
    for (source, of) in [("range(0, 10)", "of(\(values))"), ("range(0, 0)", "empty")] {
      for rest in [
        "map {[a: ., b: . * 2]} | last",
        "map {[a: ., b: . * 2]} | filter {.a < 3} | last",
        "map {[a: ., b: [.]]} | filter {.a % 3 == 0} | map {[c: .b, d: .a]} | last",
      ] {
        let fused = printed("\(source) | \(rest)")
        XCTAssertEqual(fused, printed("\(of) | \(rest)"), rest)
        XCTAssertEqual(fused.isEmpty, source == "range(0, 0)", rest)
      }
    }
    XCTAssertEqual(
      printed("range(0, 10) | map {[a: ., b: . * 2]} | filter {.a < 3} | last"), ["{a: 2, b: 4}"])
  }

  /// A flat list or record (of scalars and strings) nests one level, answered without the
  /// kept depths; a nested one is measured as before.
  func testHowDeepAValueNestsAgreesWithItsLevels() {
    func levels(_ value: Value) -> Int {
      switch value {
      case .list(let items): return 1 + (items.map(levels).max() ?? 0)
      case .record(let record): return 1 + (record.map { levels($0.value) }.max() ?? 0)
      default: return 0
      }
    }
    let flat: Value = ["a": 1, "b": "two", "c": nil, "d": 2.5, "e": true]
    let values: [Value] = [
      1, "s", [], [:], [1, 2], flat, [flat], ["r": flat], [[[1]]], .list(Array(repeating: 1, count: 40)),
      .record(Record((0..<40).map { ("k\($0)", Value.int($0)) })), ["a": [1, [2, [3]]]],
    ]
    for value in values {
      for limit in -1...4 {
        XCTAssertEqual(value.nests(deeperThan: limit), levels(value) > limit, "\(value.literal) \(limit)")
      }
    }
  }
}
