import JSON
import XCTest

final class JSONTests: XCTestCase {
  func testParsesEveryKindOfValueAndKeepsKeyOrder() throws {
    let value = try JSONValue.parse(#" {"z": null, "a": [true, false, 0, -12, 3.5, 1e3, "x"], "m": {}} "#)
    XCTAssertEqual(value, ["z": nil, "a": [true, false, 0, -12, 3.5, 1000.0, "x"], "m": [:]])
    XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m"])
  }

  func testIntsAndDoublesStayApart() throws {
    XCTAssertEqual(try JSONValue.parse("3"), .int(3))
    XCTAssertEqual(try JSONValue.parse("3.0"), .double(3))
    XCTAssertEqual(try JSONValue.parse("-0"), .int(0))
    XCTAssertEqual(try JSONValue.parse("12345678901234567890"), .double(1.2345678901234567e19))
    XCTAssertEqual(JSONValue.double(3).encodedString(), "3.0")
    XCTAssertEqual(JSONValue.double(.nan).encodedString(), "null")
  }

  func testStringsWithEscapesRoundTrip() throws {
    let text = "quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 😀"
    let encoded = JSONValue.string(text).encodedString()
    XCTAssertEqual(encoded, #""quote \" backslash \\ slash / newline \n tab \t bell \u0007 é 😀""#)
    XCTAssertEqual(try JSONValue.parse(encoded), .string(text))
    XCTAssertEqual(try JSONValue.parse(#""\u00e9\ud83d\ude00\/\b\f\r""#), .string("é😀/\u{8}\u{c}\r"))
  }

  func testEncodingIsCompactAndOrdered() {
    let value: JSONValue = ["b": [1, 2.5, nil], "a": ["c": true]]
    XCTAssertEqual(value.encodedString(), #"{"b":[1,2.5,null],"a":{"c":true}}"#)
  }

  func testObjectsAreEqualWhateverTheirOrder() {
    let ab: JSONObject = ["a": 1, "b": 2]
    let ba: JSONObject = ["b": 2, "a": 1]
    XCTAssertEqual(ab, ba)
    XCTAssertEqual(Set([ab, ba]).count, 1)
    XCTAssertNotEqual(ab, ["a": 1, "b": 3])
  }

  func testObjectSubscriptSetsAppendsAndRemoves() {
    var object: JSONObject = ["a": 1]
    object["b"] = 2
    object["a"] = 3
    object["missing"] = nil
    XCTAssertEqual(object.keys, ["a", "b"])
    object["a"] = nil
    XCTAssertEqual(object, ["b": 2])
  }

  /// Each malformed document, and the words its error must contain.
  func testRejectsMalformedJSONWithTheReason() {
    let cases: [(String, String)] = [
      ("", "unexpected end of input"),
      ("[1, 2,]", "unexpected ']', expected a value"),
      (#"{"a": 1,}"#, "expected a string key"),
      (#"{"a" 1}"#, "expected ':' after an object key"),
      (#"{"a": 1, "a": 2}"#, "duplicate key 'a'"),
      ("01", "leading zero"),
      ("1.", "expected a digit after '.'"),
      ("1e", "expected a digit in the exponent"),
      ("-", "expected a digit"),
      ("1e999", "out of range"),
      (#""abc"#, "unterminated string"),
      ("\"a\nb\"", "control character in a string"),
      (#""\x""#, "invalid escape"),
      (#""\ud800""#, "lone high surrogate"),
      (#""\udc00""#, "lone low surrogate"),
      (#""\u12""#, "four hex digits"),
      ("nul", "expected a value"),
      ("NaN", "unexpected 'N'"),
      ("[1] [2]", "unexpected '[' after the value"),
      (String(repeating: "[", count: 600), "nested more than 512 levels deep"),
    ]
    for (text, reason) in cases {
      XCTAssertThrowsError(try JSONValue.parse(text), text) { error in
        XCTAssertTrue("\(error)".contains(reason), "\(text): '\(error)' lacks '\(reason)'")
        XCTAssertTrue("\(error)".hasPrefix("invalid JSON at byte "), "\(error)")
      }
    }
  }

  func testFindsADuplicateKeyInALargeObjectToo() throws {
    let members = (0..<40).map { "\"k\($0)\": \($0)" }
    XCTAssertEqual(try JSONValue.parse("{" + members.joined(separator: ",") + "}").objectValue?.count, 40)
    XCTAssertThrowsError(try JSONValue.parse("{" + (members + [#""k3": 0"#]).joined(separator: ",") + "}")) {
      error in
      XCTAssertTrue("\(error)".contains("duplicate key 'k3'"), "\(error)")
    }
  }

  func testRejectsInvalidUTF8() {
    XCTAssertThrowsError(try JSONValue.parse([0x22, 0xFF, 0x22])) { error in
      XCTAssertTrue("\(error)".contains("invalid UTF-8"), "\(error)")
    }
  }

  /// What the one dialect says at its edges, each with the byte where it goes wrong: these are
  /// the inputs the language's old reader let through (a later key won, a lone surrogate or a
  /// bad byte became U+FFFD).
  func testTheDialectsEdgesAreErrorsAtTheirByte() {
    let cases: [([UInt8], offset: Int, reason: String)] = [
      (Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8), 17, "duplicate key 'a'"),
      (Array(#"["\ud83d"]"#.utf8), 8, #"lone high surrogate \ud83d"#),
      (Array(#"["\ud83dx"]"#.utf8), 8, "lone high surrogate"),
      (Array(#"["\ude00"]"#.utf8), 8, #"lone low surrogate \ude00"#),
      (Array(#"["\ud83d\u0041"]"#.utf8), 14, #"invalid low surrogate \u41"#),
      ([0x22, 0x61, 0xC3, 0x22], 2, "invalid UTF-8 in a string"),
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "invalid UTF-8 in a string"),
      ([0x22, 0x5C, 0x6E, 0x78, 0xFF, 0x5C, 0x6E, 0x22], 4, "invalid UTF-8 in a string"),
      ([0xEF, 0xBB, 0xBF, 0x31], 0, "unexpected byte 0xef"),
    ]
    for (bytes, offset, reason) in cases {
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertThrowsError(try JSONValue.parse(bytes), text) { error in
        guard let error = error as? JSONError else { return XCTFail("\(error) is not a JSONError") }
        XCTAssertEqual(error.offset, offset, text)
        XCTAssertTrue(error.message.contains(reason), "\(text): '\(error.message)' lacks '\(reason)'")
      }
    }
  }

  /// A double stays a double and the keys stay in their order, through a read and a write.
  func testADoubleStaysADoubleAndKeysKeepTheirOrderBothWays() throws {
    let text = #"{"zeta":2.0,"alpha":2,"mid":[1.0,1,-0.0,1e2],"beta":{"y":0.5,"x":5}}"#
    let value = try JSONValue.parse(text)
    XCTAssertEqual(value["zeta"], .double(2))
    XCTAssertEqual(value["alpha"], .int(2))
    XCTAssertEqual(value["mid"], [.double(1), .int(1), .double(-0.0), .double(100)])
    XCTAssertNotEqual(JSONValue.double(2), JSONValue.int(2))
    XCTAssertEqual(value.objectValue?.keys, ["zeta", "alpha", "mid", "beta"])
    XCTAssertEqual(value["beta"]?.objectValue?.keys, ["y", "x"])
    XCTAssertEqual(
      value.encodedString(), #"{"zeta":2.0,"alpha":2,"mid":[1.0,1,-0.0,100.0],"beta":{"y":0.5,"x":5}}"#)
    XCTAssertEqual(try JSONValue.parse(value.encodedString()), value)
  }

  /// A large object is read and written in linear time: 20,000 keys, as a full cache file has.
  func testALargeObjectRoundTrips() throws {
    let members = (0..<20_000).map { JSONObject.Member(key: "k\($0)", value: .double(Double($0) + 0.5)) }
    let object = JSONValue.object(JSONObject(uniqueMembers: members))
    let read = try JSONValue.parse(object.encoded())
    XCTAssertEqual(read.objectValue?.keys.last, "k19999")
    XCTAssertEqual(read["k7"], .double(7.5))
  }

  /// Found by `make fuzz` (a reason must be short): a duplicate key was echoed whole, so a
  /// settings or cache file with a long duplicate key gave a note as long as the key.
  func testADuplicateKeyIsNamedByItsStartOnly() {
    let key = String(repeating: "k", count: 10_000)
    XCTAssertThrowsError(try JSONValue.parse(#"{"\#(key)":1,"\#(key)":2}"#)) { error in
      XCTAssertTrue("\(error)".contains("duplicate key '\(key.prefix(60))…'"), "\(error)".prefix(200) + "")
      XCTAssertLessThan("\(error)".count, 200)
    }
  }
}
