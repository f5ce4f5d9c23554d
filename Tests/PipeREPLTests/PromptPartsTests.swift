import Operators
import PipeDSL
import XCTest

@testable import PipeREPL

/// The small pieces of the prompt: answers, job summaries, drawings, line geometry.
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

  func testTheScheduleOfAStrategy() {
    XCTAssertEqual(
      GraphText.schedule(.delays([.seconds(1), .seconds(3)]), seed: 0),
      [
        "delays(1s, 3s): after an error, wait, then subscribe again",
        "  attempt 2  after 1s      at 1s",
        "  attempt 3  after 3s      at 4s",
        "  then the next error goes through",
      ])
  }

  func testTheGraphIndentsNestedStages() {
    let session = Session(output: BufferedOutput())
    _ = session.execute(SourceFile(name: "<test>", text: "of(1) | flatMap (just . | retry 2) | count"))
    let graph = session.loop.sync { session.lastGraph }
    XCTAssertEqual(
      GraphText.lines(graph),
      [
        "#0 of(1)  (source)", "#1 flatMap (just . | retry 2)  (combine)", "  #2 just .  (source)",
        "  #3 retry 2  (errors)", "#4 count  (sink)",
      ])
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
      Repl.firstSentence("Replaces a failed stream, at the moment of the error, by a fallback", limit: 40),
      "Replaces a failed stream, at the…")
  }
}
