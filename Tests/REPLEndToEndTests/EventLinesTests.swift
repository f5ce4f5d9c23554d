import Foundation
import PipeProcessSupport
import XCTest

/// `--format jsonl`: every event of every stage as one JSON object a line, read back the way
/// another program would, by parsing each line.
final class EventLinesTests: XCTestCase {
  /// Each line of `output` parsed as a JSON object; fails the test on a line that is not one.
  func events(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]]
  {
    try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { text in
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
      return try XCTUnwrap(object as? [String: Any], "not an object: \(text)", file: file, line: line)
    }
  }

  /// The stages of a `let` name run inside the statement that uses it: labelled by their text.
  func testTheStagesOfALetNameAreLabelledByTheirText() throws {
    let result = try PipeProcess.run([
      "-e", #"let s = cold "1ms a|" | map { . + "!" }; s | skip 0"#, "--format", "jsonl",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let labels = Set(try events(result.stdout).compactMap { $0["label"] as? String })
    XCTAssertEqual(labels, [#"cold "1ms a|""#, #"map { . + "!" }"#, "s", "skip 0"])
  }

  func testARetriedRunIsEveryEventOfEveryStageInOrder() throws {
    let result = try PipeProcess.run([
      "-e", #"cold ["100ms #", "100ms (a|)"] [a: "works"] | retry 2"#, "--format", "jsonl",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    XCTAssertTrue(result.stdout.hasSuffix("\n"))
    let events = try events(result.stdout)
    let summary = events.map { event in
      "\(event["t_ms"]!) \(event["stage"]!)#\(event["subscription"]!) \(event["kind"]!)"
    }
    XCTAssertEqual(
      summary,
      [
        "0 1#1 subscribe", "0 0#1 subscribe", "100 0#1 error", "100 0#1 dispose", "100 0#2 subscribe",
        "200 0#2 next", "200 1#1 next", "200 0#2 completed", "200 1#1 completed", "200 0#2 dispose",
        "200 1#1 dispose",
      ])
    for event in events {
      XCTAssertEqual(event["job"] as? Int, 1)
      XCTAssertEqual(
        event["label"] as? String,
        event["stage"] as? Int == 1 ? "retry 2" : #"cold ["100ms #", "100ms (a|)"] [a: "works"]"#)
    }
    XCTAssertEqual(events[5]["value"] as? String, "works")
    let error = try XCTUnwrap(events[2]["error"] as? [String: Any])
    XCTAssertEqual(error["kind"] as? String, "error")
    XCTAssertEqual(error["message"] as? String, "error from a marble diagram")
    XCTAssertNil(events[2]["value"])
    XCTAssertNil(events[0]["value"] ?? events[0]["error"], "a subscribe carries neither")
  }

  func testTheKeysComeInTheDocumentedOrder() throws {
    let result = try PipeProcess.run(["-e", "just 1 | map { . + 1 }", "--format", "jsonl"])
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 8, result.stdout)
    XCTAssertEqual(
      String(lines[2]),
      #"{"job":1,"stage":0,"label":"just 1","subscription":1,"t_ms":0,"kind":"next","value":1}"#)
    XCTAssertEqual(
      String(lines[3]),
      #"{"job":1,"stage":1,"label":"map { . + 1 }","subscription":1,"t_ms":0,"kind":"next","value":2}"#)
  }

  func testAnUnhandledErrorIsAnEventAndItsNoteGoesToStandardError() throws {
    let result = try PipeProcess.run(["-e", #"weather "xyzzy" | map { .temp }"#, "--format", "jsonl"])
    XCTAssertEqual(result.status, 1)
    let events = try events(result.stdout)
    let error = try XCTUnwrap(events.first { $0["kind"] as? String == "error" }?["error"] as? [String: Any])
    XCTAssertEqual(error["kind"] as? String, "cityNotFound")
    XCTAssertNotNil(error["message"] as? String)
    XCTAssertTrue(result.stderr.contains("cityNotFound"), result.stderr)
  }

  func testEachJobAndEachStatementOfAScriptHasItsEvents() throws {
    let folder = try TemporaryFolder.home(for: self)
    let script = folder + "/two.pipe"
    try "just 1 | show\nof(2, 3) | marbles\n:graph\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try PipeProcess.run(["run", script, "--format", "jsonl"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let events = try events(result.stdout)
    XCTAssertEqual(Set(events.map { $0["job"] as! Int }), [1, 2])
    XCTAssertEqual(events.filter { $0["kind"] as? String == "next" }.map { $0["value"] as! Int }, [1, 2, 3])
    XCTAssertFalse(result.stdout.contains("^"), "no diagram: the events stand in for the sinks' text")
  }

  func testASecretIsMaskedInTheEventsEvenWhereJSONEscapesIt() throws {
    let key = #"sk-"quoted"\key-0123"#
    // As the language writes it, which is also how JSON escapes it.
    let literal = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    let result = try PipeProcess.run(
      ["--format", "jsonl"], input: "just \"\(literal)\" | map { . } | show\n",
      environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertEqual(result.status, 0, result.stderr)
    let events = try events(result.stdout)
    XCTAssertEqual(events.compactMap { $0["value"] as? String }, ["••••", "••••"])
    // Neither the key nor its escaped form, in the lines or in what they decode to.
    let labels = events.compactMap { $0["label"] as? String }
    for text in [result.stdout] + labels {
      XCTAssertFalse(text.contains(key) || text.contains(literal), text)
    }
    XCTAssertEqual(labels.first, "map { . }")
    XCTAssertEqual(labels[1], "just \"••••\"")
  }

  func testTheFormatIsTextOrJSONLines() throws {
    let result = try PipeProcess.run(["-e", "just 1", "--format", "json"])
    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(result.stderr.contains("'json'"), result.stderr)
  }
}
