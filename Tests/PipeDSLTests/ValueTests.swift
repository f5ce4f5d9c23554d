import JSON
import PipeDSL
import XCTest

final class ValueTests: XCTestCase {
  let weather: Value = [
    "city": "London", "temp": 12.5, "feelsLike": 11.0, "humidity": 81, "description": "light rain",
  ]

  func testShowIsOneFriendlyLine() {
    let cases: [(Value, String)] = [
      (nil, "null"), (true, "true"), (42, "42"), (-3.5, "-3.5"), (1e3, "1000.0"),
      ("light rain", "light rain"),
      (["a", 1, nil], #"["a", 1, null]"#),
      (weather, #"{city: "London", temp: 12.5, feelsLike: 11.0, humidity: 81, description: "light rain"}"#),
      (.record(Record()), "{}"),
      (["#": 1, "two words": [true]], ##"{"#": 1, "two words": [true]}"##),
    ]
    for (value, shown) in cases { XCTAssertEqual(value.show, shown) }
  }

  func testLiteralReadsBackAsTheSameValue() throws {
    let values: [Value] = [
      nil, false, 0, -7, 2.0, 0.1, 1e20, "say \"hi\"\n\t\\ 😀 \u{7}", [1, [2, [3]]], weather,
      .record(Record()), ["null": 1, "*": 2, "a.b": 3], [],
    ]
    for value in values {
      let result = Parser.parseArgument(SourceFile(name: "literal", text: value.literal))
      XCTAssertEqual(result.diagnostics, [], value.literal)
      XCTAssertEqual(try XCTUnwrap(Self.value(of: result.tree)), value, value.literal)
    }
  }

  /// The value a literal argument stands for; nil for anything else.
  static func value(of arg: Arg) -> Value? {
    switch arg.kind {
    case .literal(let literal): return literal.value
    case .list(let items):
      let values = items.compactMap(value(of:))
      return values.count == items.count ? .list(values) : nil
    case .dict(let entries):
      var record = Record()
      for entry in entries {
        switch entry.key {
        case .name(let key), .string(let key): record[key] = value(of: entry.value)
        case .wildcard: return nil
        }
      }
      return .record(record)
    default: return nil
    }
  }

  func testRecordsKeepOrderButCompareWithout() {
    let ab: Value = ["a": 1, "b": 2]
    let ba: Value = ["b": 2, "a": 1]
    XCTAssertEqual(ab, ba)
    XCTAssertEqual(ab.hashValue, ba.hashValue)
    XCTAssertEqual(ba.show, "{b: 2, a: 1}")
    XCTAssertNotEqual(ab, ["a": 1, "b": 3])
    XCTAssertNotEqual(ab, ["a": 1])
    XCTAssertNotEqual(Value.int(1), Value.double(1))
  }

  func testRecordEditing() {
    var record: Record = ["a": 1, "b": 2]
    record["a"] = 10
    record["c"] = 3
    record["b"] = nil
    XCTAssertEqual(record.keys, ["a", "c"])
    XCTAssertEqual(record["a"], 10)
    XCTAssertNil(record["b"])
    XCTAssertEqual(Record([("x", 1), ("y", 2), ("x", 3)]).fields, [.init("x", 3), .init("y", 2)])
  }

  func testJSONRoundTripKeepsOrderAndNumberKinds() throws {
    let json = #"{"city":"Oslo","temp":21.5,"humidity":81,"big":1e300,"tags":["a",true,null],"n":{}}"#
    let value = try Value(json: json)
    XCTAssertEqual(value["temp"], .double(21.5))
    XCTAssertEqual(value["humidity"], .int(81))
    guard case .record(let record) = value else { return XCTFail("not a record") }
    XCTAssertEqual(record.keys, ["city", "temp", "humidity", "big", "tags", "n"])
    XCTAssertEqual(try Value(json: value.json.encodedString()), value)
    XCTAssertEqual(try Value(json: weather.json.encodedString()), weather)
  }

  func testJSONStringsAndNumbers() throws {
    XCTAssertEqual(try Value(json: #" "a\"b\\c\/\n\u00e9\ud83d\ude00" "#), "a\"b\\c/\né😀")
    XCTAssertEqual(Value.string("a\"\u{1}\n").json.encodedString(), #""a\"\u0001\n""#)
    XCTAssertEqual(try Value(json: "-0"), 0)
    XCTAssertEqual(try Value(json: "2.0"), 2.0)
    XCTAssertEqual(try Value(json: "12345678901234567890"), .double(1.2345678901234567e19))
    XCTAssertEqual(Value.double(.infinity).json.encodedString(), "null")
    XCTAssertEqual(Value.double(2).json.encodedString(), "2.0")
  }

  /// The language reads JSON in the plugin protocol's dialect: no duplicate keys, no lone
  /// surrogates, valid UTF-8 (a later key used to win, the others to become U+FFFD).
  func testTheLanguageReadsJSONInTheProtocolsDialect() {
    let cases: [([UInt8], Int)] = [
      (Array(#"{"a":1,"a":2}"#.utf8), 7), (Array(#""\ud83d""#.utf8), 7), (Array(#""\udc00""#.utf8), 7),
      ([0x22, 0xFF, 0x22], 1),
    ]
    for (bytes, offset) in cases {
      XCTAssertThrowsError(try Value(jsonBytes: bytes)) { error in
        XCTAssertEqual((error as? JSONError)?.offset, offset, String(decoding: bytes, as: UTF8.self))
      }
    }
    XCTAssertEqual(try Value(json: #"{"b":2.0,"a":2}"#).json.encodedString(), #"{"b":2.0,"a":2}"#)
  }

  func testInvalidJSONIsAnErrorWithAnOffset() {
    let cases: [(String, Int)] = [
      ("", 0), ("{", 1), ("[1,]", 3), ("[1 2]", 3), (#"{"a" 1}"#, 5), ("tru", 0), ("01", 1), ("1.", 2),
      (#""\x""#, 2), ("\"a", 2), ("[] x", 3), (String(repeating: "[", count: 600), 512),
    ]
    for (text, offset) in cases {
      XCTAssertThrowsError(try Value(json: text), text) { error in
        XCTAssertEqual((error as? JSONError)?.offset, offset, text)
      }
    }
  }

  func testPipeErrorIsARecord() {
    let error = PipeError(
      kind: "cityNotFound", message: "no city named xyzzy", source: #"weather "xyzzy""#, status: 404,
      attempt: 1)
    XCTAssertEqual(
      error.value.show,
      #"{kind: "cityNotFound", message: "no city named xyzzy", source: "weather \"xyzzy\"", status: 404, attempt: 1}"#
    )
    XCTAssertEqual(PipeError(error.value), error)
    XCTAssertEqual(PipeError(["kind": "timeout"]), PipeError(kind: "timeout", message: ""))
    XCTAssertNil(PipeError(["message": "no kind"]))
    XCTAssertEqual(error.description, "cityNotFound: no city named xyzzy")
  }
}
