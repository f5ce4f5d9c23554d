import Operators
import PipeDSL
import XCTest

@testable import PipeREPL

/// The small pieces of the prompt: answers, job summaries, line geometry.
final class PromptPartsTests: XCTestCase {
  func testAnswersToAsk() {
    XCTAssertEqual(Asker.parse("r"), .retry)
    XCTAssertEqual(Asker.parse(" Default "), .default)
    XCTAssertEqual(Asker.parse("f"), .fail)
    XCTAssertNil(Asker.parse("maybe"))
  }

  func testAScriptedRetryGivesUpAfterItsLimit() {
    let ask = Asker.scripted(.retry, retryLimit: 2)
    let error = PipeError(kind: "serverFailure", message: "down")
    XCTAssertEqual((0..<4).map { _ in ask(error) }, [.retry, .retry, .fail, .fail])
    XCTAssertEqual(Asker.scripted(.default)(error), .default)
  }

  func testJobSummaries() {
    let error = PipeError(kind: "serverFailure", message: "down")
    XCTAssertEqual(JobTable.summary(.running), "running")
    XCTAssertEqual(JobTable.summary(.ended(.terminated, .ok)), "done")
    XCTAssertEqual(JobTable.summary(.ended(.terminated, .unhandledError(error))), "failed: serverFailure")
    XCTAssertEqual(JobTable.summary(.ended(.cancelled, .ok)), "killed")
  }

  func testTheCursorsRowAndColumnWrapAtTheTerminalsWidth() {
    let line = LineGeometry(prompt: "pipe> ", text: Array("just 1234".utf8), point: 9, columns: 10)
    XCTAssertEqual(line.position(ofByte: 0).row, 0)
    XCTAssertEqual(line.position(ofByte: 3).row, 0)
    XCTAssertEqual(line.position(ofByte: 4).row, 1)
    XCTAssertEqual(line.position(ofByte: 4).column, 0)
    XCTAssertEqual(line.erase, "\r\u{1B}[1A\u{1B}[J")
    let wide = LineGeometry(prompt: "> ", text: Array("日本".utf8), point: 6, columns: 80)
    XCTAssertEqual(wide.position(ofByte: 6).column, 6)
    let multiline = LineGeometry(prompt: "> ", text: Array("a\nbc".utf8), point: 1, columns: 80)
    XCTAssertEqual(multiline.moveToEnd, "\u{1B}[1B\r\u{1B}[2C")
  }

  func testAPutAsideLineIsTypedBackWithItsCursor() {
    XCTAssertEqual(Terminal.retype((Array("ab".utf8), 1)), [0x61, 0x62, 0x02])
    XCTAssertEqual(Terminal.retype((Array("é\t".utf8), 3)), [0xE9, 0x16, 0x09])
  }
}

extension PromptPartsTests {
  func testListsShowTheFirstSentenceCutToFit() {
    XCTAssertEqual(
      Repl.firstSentence("Emits 0, 1, 2, ... one per period. Never ends.", limit: 72),
      "Emits 0, 1, 2, ... one per period")
    XCTAssertEqual(Repl.firstSentence("Drops the first N values.", limit: 72), "Drops the first N values")
    XCTAssertEqual(
      Repl.firstSentence("where requests go, e.g. the fake API. More.", limit: 72),
      "where requests go, e.g. the fake API")
    XCTAssertEqual(
      Repl.firstSentence("Replaces a failed stream, at the moment of the error, by a fallback", limit: 40),
      "Replaces a failed stream, at the…")
  }
}
