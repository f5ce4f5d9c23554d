import Foundation
import PluginProtocol
import XCTest

/// The wire format is a contract with plugins in other languages: these are its exact lines.
final class MessageTests: XCTestCase {
  private let hello = Hello(
    name: "dice", version: "1.0.0",
    sources: [
      SourceSpec(
        "roll", doc: "Rolls dice", params: [ParamSpec("sides", .int, default: 6, doc: "faces")],
        example: "roll 6")
    ],
    settings: [SettingSpec("dice.key", .string, secret: true, doc: "a key")], errors: ["badDice"])

  func testEveryMessageHasItsExactLine() {
    let lines: [(any ProtocolMessage, String)] = [
      (
        PluginMessage.hello(hello),
        #"{"type":"hello","protocol":2,"name":"dice","version":"1.0.0","sources":[{"name":"roll","doc":"Rolls dice","#
          + #""params":[{"name":"sides","type":"int","default":6,"doc":"faces"}],"example":"roll 6"}],"#
          + #""settings":[{"key":"dice.key","type":"string","secret":true,"doc":"a key"}],"errors":["badDice"]}"#
      ),
      (
        HostMessage.subscribe(
          Subscribe(id: 7, source: "roll", args: ["sides": 20], settings: ["seed": 1], attempt: 2)),
        #"{"type":"subscribe","id":7,"source":"roll","args":{"sides":20},"settings":{"seed":1},"attempt":2}"#
      ),
      (HostMessage.cancel(id: 7), #"{"type":"cancel","id":7}"#),
      (
        PluginMessage.next(id: 7, value: ["n": 4], afterMs: 10),
        #"{"type":"next","id":7,"value":{"n":4},"after_ms":10}"#
      ),
      (
        PluginMessage.error(id: 7, kind: "badDice", message: "no", status: 400),
        #"{"type":"error","id":7,"kind":"badDice","message":"no","status":400}"#
      ),
      (PluginMessage.completed(id: 7), #"{"type":"completed","id":7}"#),
      (PluginMessage.log(message: "hi"), #"{"type":"log","message":"hi"}"#),
    ]
    for (message, line) in lines {
      XCTAssertEqual(String(decoding: message.encodedLine(), as: UTF8.self), line + "\n")
    }
  }

  func testEveryMessageReadsBackAsItself() throws {
    let pluginMessages: [PluginMessage] = [
      .hello(hello), .next(id: 1, value: nil), .next(id: 2, value: [1, "a"], afterMs: 0),
      .error(id: 3, kind: "x", message: "m", status: nil, afterMs: 5), .completed(id: 4, afterMs: 9),
      .log(message: "l"),
    ]
    for message in pluginMessages {
      XCTAssertEqual(try PluginMessage.decode(line: message.encodedLine()), message)
    }
    let hostMessages: [HostMessage] = [.subscribe(Subscribe(id: 1, source: "s")), .cancel(id: 1)]
    for message in hostMessages {
      XCTAssertEqual(try HostMessage.decode(line: message.encodedLine()), message)
    }
  }

  func testOptionalFieldsWrittenAsNullAreAbsent() throws {
    XCTAssertEqual(
      try PluginMessage.decode(line: Array(#"{"type":"completed","id":1,"after_ms":null}"#.utf8)),
      .completed(id: 1, afterMs: nil))
  }

  /// Each invalid line, and its error exactly as the host reports it.
  func testRejectsInvalidMessagesNamingWhatIsWrong() {
    let cases: [(String, String)] = [
      (#"[1]"#, "message: must be an object, got array"),
      (#"{"id":1}"#, "message: missing field 'type'"),
      (
        #"{"type":"nxt","id":1}"#,
        "unknown message type 'nxt' (expected hello, next, error, completed or log)"
      ),
      (#"{"type":"next","value":1}"#, "next: missing field 'id'"),
      (#"{"type":"next","id":1}"#, "next: missing field 'value'"),
      (#"{"type":"next","id":"1","value":1}"#, "next: field 'id' must be an int, got string"),
      (
        #"{"type":"next","id":1,"value":1,"afterMs":5}"#,
        "next: unknown field 'afterMs' (did you mean 'after_ms'?)"
      ),
      (
        #"{"type":"next","id":1,"value":1,"after_ms":-5}"#,
        "next: field 'after_ms' must be at least 0, got -5"
      ),
      (
        #"{"type":"next","id":1,"value":1,"after_ms":1.5}"#,
        "next: field 'after_ms' must be an int, got double"
      ),
      (
        #"{"type":"error","id":1,"kind":"not a word","message":"m"}"#,
        "error: error kind 'not a word' is not an identifier (letters, digits, _)"
      ),
      (#"{"type":"error","id":1,"kind":"k"}"#, "error: missing field 'message'"),
      (#"{"type":"completed","id":1,"extra":true}"#, "completed: unknown field 'extra'"),
      (#"{"type":"log"}"#, "log: missing field 'message'"),
    ]
    for (line, expected) in cases {
      XCTAssertThrowsError(try PluginMessage.decode(line: Array(line.utf8)), line) { error in
        XCTAssertEqual("\(error)", expected, line)
      }
    }
  }

  func testRejectsInvalidHellos() {
    let base = #""type":"hello","protocol":1,"name":"dice","version":"1""#
    let cases: [(String, String)] = [
      (
        #"{"type":"hello","protocol":3}"#,
        "hello: protocol version 3 is not supported (this side speaks 1 and 2)"
      ),
      (
        #"{"type":"hello","protocol":0}"#,
        "hello: protocol version 0 is not supported (this side speaks 1 and 2)"
      ),
      (#"{"type":"hello","name":"dice"}"#, "hello: missing field 'protocol'"),
      (#"{"# + base + #","sources":[{"name":"roll"}]}"#, "hello.sources[0]: missing field 'doc'"),
      (
        #"{"# + base
          + #","sources":[{"name":"roll","doc":"d","params":[{"name":"n","type":"float","doc":"d"}]}]}"#,
        "hello.sources[0].params[0]: unknown type 'float' (expected one of string, int, number, bool, list, record, any)"
      ),
      (
        #"{"# + base
          + #","sources":[{"name":"roll","doc":"d","params":[{"name":"n","type":"int","default":"6","doc":"d"}]}]}"#,
        "hello.sources[0].params[0]: default must be int, got string"
      ),
      (
        #"{"# + base + #","sources":[{"name":"a","doc":"d"},{"name":"a","doc":"d"}]}"#,
        "hello: source 'a' is declared twice"
      ),
      (
        #"{"# + base + #","sources":[],"settings":[{"key":"apiKey","type":"string","doc":"d"}]}"#,
        "hello: setting key 'apiKey' must be 'dice.<identifier>'"
      ),
      (
        #"{"# + base + #","sources":[],"errors":["bad kind"]}"#,
        #"hello.errors[0]: must be an identifier string, got "bad kind""#
      ),
      (
        #"{"type":"hello","protocol":1,"name":"my plugin","version":"1","sources":[]}"#,
        "hello: plugin name 'my plugin' is not an identifier (letters, digits, _)"
      ),
    ]
    for (line, expected) in cases {
      XCTAssertThrowsError(try PluginMessage.decode(line: Array(line.utf8)), line) { error in
        XCTAssertEqual("\(error)", expected, line)
      }
    }
  }

  func testASettingSaysWhichValuesItTakes() throws {
    let spec = SettingSpec(
      "dice.mode", .string, default: "fair", allowed: ["fair", "loaded"], doc: "how the dice fall")
    let ranged = SettingSpec("dice.spin", .number, default: 1, minimum: 0.5, maximum: 10, doc: "turns")
    var withRanges = hello
    withRanges.settings = [spec, ranged]
    let line = String(decoding: PluginMessage.hello(withRanges).encodedLine(), as: UTF8.self)
    XCTAssertTrue(
      line.contains(
        #"{"key":"dice.mode","type":"string","default":"fair","doc":"how the dice fall","allowed":["fair","loaded"]}"#
      ), line)
    XCTAssertTrue(line.contains(#""minimum":0.5,"maximum":10"#), line)
    XCTAssertEqual(try PluginMessage.decode(line: Array(line.utf8)), .hello(withRanges))
    XCTAssertNil(spec.problem(with: "loaded"))
    XCTAssertEqual(spec.problem(with: "bogus"), #"must be "fair" or "loaded", got "bogus""#)
    XCTAssertEqual(ranged.problem(with: 1e11), "must be from 0.5 to 10, got 100000000000.0")
    XCTAssertEqual(ranged.problem(with: "2"), #"must be number, got "2""#)
  }

  func testRejectsSettingsWhoseAllowedValuesOrRangeCannotHold() {
    let base =
      #"{"type":"hello","protocol":2,"name":"dice","version":"1","sources":[],"settings":[{"key":"dice.s","#
    let cases: [(String, String)] = [
      (#""type":"string","allowed":[],"doc":"d"}]}"#, "field 'allowed' must be a non-empty array, got array"),
      (#""type":"string","allowed":[1],"doc":"d"}]}"#, "allowed values must be string, got int"),
      (
        #""type":"string","minimum":1,"doc":"d"}]}"#,
        "minimum and maximum are for int and number settings, not string"
      ),
      (#""type":"int","minimum":5,"maximum":1,"doc":"d"}]}"#, "minimum 5 is above maximum 1"),
      (#""type":"int","default":20,"maximum":10,"doc":"d"}]}"#, "field 'default' must be at most 10, got 20"),
      (#""type":"int","minimum":"1","doc":"d"}]}"#, "field 'minimum' must be a number, got string"),
    ]
    for (tail, expected) in cases {
      XCTAssertThrowsError(try PluginMessage.decode(line: Array((base + tail).utf8)), tail) { error in
        XCTAssertEqual("\(error)", "hello.settings[0]: " + expected, tail)
      }
    }
  }

  func testRejectsInvalidHostMessages() {
    let cases: [(String, String)] = [
      (
        #"{"type":"subscribe","id":1,"source":"s","args":{},"settings":{},"attempt":0}"#,
        "subscribe: field 'attempt' must be at least 1, got 0"
      ),
      (
        #"{"type":"subscribe","id":1,"source":"s","args":[],"settings":{},"attempt":1}"#,
        "subscribe: field 'args' must be an object, got array"
      ),
      (
        #"{"type":"next","id":1,"value":1}"#,
        "unknown message type 'next' (expected hello, subscribe or cancel)"
      ),
    ]
    for (line, expected) in cases {
      XCTAssertThrowsError(try HostMessage.decode(line: Array(line.utf8)), line) { error in
        XCTAssertEqual("\(error)", expected, line)
      }
    }
  }

  /// docs/PLUGINS.md specifies the protocol for other languages: each of its JSON lines must be
  /// a valid message, one way or the other.
  func testEveryJSONExampleInTheDocsIsAValidMessage() throws {
    let doc = try String(
      contentsOf: Products.repository.appendingPathComponent("docs/PLUGINS.md"), encoding: .utf8)
    let blocks = doc.components(separatedBy: "```json\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    XCTAssertGreaterThanOrEqual(blocks.count, 8)
    for block in blocks {
      // A block is one message broken over lines to be read, or several one-line messages.
      let messages =
        block.hasPrefix("{\"type\":\"hello\"") ? [block] : block.split(separator: "\n").map(String.init)
      for message in messages {
        let line = Array(message.utf8)
        let valid =
          (try? PluginMessage.decode(line: line)) != nil || (try? HostMessage.decode(line: line)) != nil
        XCTAssertTrue(valid, message)
      }
    }
  }

  /// Found by `make fuzz TARGET=plugin` (the invariant that a reason is short): a plugin that
  /// sent a 100,000-character type, field, kind or name got all of it echoed in the error that
  /// pipe prints. A reason now quotes the first 60 characters of what it names.
  func testAReasonQuotesOnlyTheStartOfALongName() {
    let long = String(repeating: "x", count: 100_000)
    let cases: [(line: String, expected: String)] = [
      (#"{"type":"\#(long)"}"#, "unknown message type '\(long.prefix(60))…' (expected hello, next, error"),
      (#"{"type":"completed","id":1,"\#(long)":1}"#, "completed: unknown field '\(long.prefix(60))…'"),
      (
        #"{"type":"error","id":1,"kind":"\#(long)!","message":"m"}"#,
        "error: error kind '\(long.prefix(60))…'"
      ),
      (#"{"type":"hello","protocol":2,"name":"\#(long)!"}"#, "hello: plugin name '\(long.prefix(60))…'"),
    ]
    for (line, expected) in cases {
      XCTAssertThrowsError(try PluginMessage.decode(line: Array(line.utf8))) { error in
        XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)".prefix(200) + "")
        XCTAssertLessThan("\(error)".count, 200)
      }
    }
    XCTAssertThrowsError(try HostMessage.decode(line: Array(#"{"type":"\#(long)"}"#.utf8))) { error in
      XCTAssertLessThan("\(error)".count, 200)
    }
  }
}
