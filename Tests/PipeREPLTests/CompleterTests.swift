import Operators
import PipeDSL
import PipeProcessSupport
import XCTest

@testable import PipeREPL

final class CompleterTests: XCTestCase {
  private var completer: Completer!

  override func setUp() {
    let loop = Loop.main
    let session = Session.make(output: BufferedOutput(), catalogue: .withDrawingSinks())
    _ = session.execute(SourceFile(name: "<test>", text: "let numbers = of(1, 2)"), mode: .prompt)
    completer = Completer(
      vocabulary: loop.sync {
        Vocabulary.gather(session, commands: PromptCommands.all.map(\.name), topics: HelpTopics.names)
      })
  }

  private func complete(_ before: String, _ word: String) -> [String] {
    completer.candidates(before: before, word: word)
  }

  func testAStatementStartsWithASourceLetSetOrACommand() {
    XCTAssertEqual(complete("", "ju"), ["just"])
    XCTAssertEqual(complete("", "in"), ["input"])
    XCTAssertEqual(complete("", "num"), ["numbers"])
    XCTAssertEqual(complete("", "le"), ["let"])
    XCTAssertEqual(complete("", ":he"), [":help"])
    XCTAssertEqual(complete("just 1; ", "o"), ["of("])
    XCTAssertFalse(complete("", "").contains("map"))
  }

  func testAFaultPlanAndAnExportLibrary() {
    XCTAssertTrue(complete("set weather.faults ", "").contains("\"500,500,ok\""))
    XCTAssertEqual(complete("set weather.faults \"", "rate"), ["rate(0.3)\"", "rate(0.5, timeout)\""])
    XCTAssertEqual(complete(":export ", "r"), ["rxjs", "rxswift"])
  }

  func testAfterAPipeComeOperators() {
    XCTAssertEqual(complete("just 1 | ", "ret"), ["retry", "retryWhen"])
    XCTAssertEqual(complete("just 1 | map { . } | ", "sh"), ["share", "show"])
    XCTAssertFalse(complete("just 1 | ", "").contains("just"))
  }

  func testInsideAStageComeItsOptionsAndStrategies() {
    XCTAssertEqual(complete("just 1 | retryWhen ", "b"), ["backoff(", "binaryExponential(", "budget("])
    XCTAssertEqual(complete("just 1 | retryWhen online ", "m"), ["max"])
    XCTAssertEqual(complete("just 1 | catch ", "c"), ["cache"])
    XCTAssertEqual(complete("just 1 | onError ", "s"), ["say"])
    XCTAssertEqual(complete("just 1 | retryWhen [cityNotFound: ", "ne"), ["never"])
    XCTAssertEqual(complete("just 1 | retryWhen exponential(1s, ", "ti"), ["times:"])
    XCTAssertEqual(complete("just 1 | circuitBreaker(", "f"), ["failures:"])
  }

  func testSettingKeysAfterSetAndInUntil() {
    XCTAssertEqual(complete("set ", "net"), ["network"])
    XCTAssertEqual(complete("set network ", ""), ["off", "on"])
    XCTAssertEqual(complete("set network ", "\"o"), ["\"off\"", "\"on\""])
    XCTAssertEqual(complete("just 1 | retryWhen until(", "se"), ["seed"])
    XCTAssertEqual(complete("changes(", "ho"), ["horizon"])
  }

  func testASubPipelineStartsWithASource() {
    XCTAssertEqual(complete("of(1, 2) | flatMap (", "ju"), ["just"])
    XCTAssertEqual(complete("of(1, 2) | flatMap (just . | ", "tak"), ["take", "takeWhile"])
    XCTAssertEqual(complete("let x = ", "ti"), ["timer"])
  }

  func testContinuationLinesCount() {
    XCTAssertEqual(complete("of(1, 2) |\n", "tak"), ["take", "takeWhile"])
    XCTAssertEqual(complete("of(1, 2) | retryWhen [\n  invalidKey: ", "un"), ["until("])
  }

  func testCommandArguments() {
    XCTAssertEqual(complete(":clock ", "r"), ["real"])
    XCTAssertEqual(complete(":help ", "retryW"), ["retryWhen"])
    XCTAssertEqual(complete(":help ", "jo"), ["jobs"])
    XCTAssertEqual(complete(":schedule ", "lin"), ["linear("])
    XCTAssertEqual(complete(":clock real ", ""), [])
  }

  func testLoadCompletesFoldersAndScripts() throws {
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/examples", withIntermediateDirectories: true)
    for name in ["retry.pipe", "readme.md", ".hidden.pipe"] {
      try "just 1".write(toFile: home + "/examples/" + name, atomically: true, encoding: .utf8)
    }
    let pipe: Set<String> = ["pipe"]
    XCTAssertEqual(FileNames.candidates(home + "/ex", extensions: pipe), [home + "/examples/"])
    XCTAssertEqual(
      FileNames.candidates(home + "/examples/", extensions: pipe), [home + "/examples/retry.pipe"])
    XCTAssertEqual(
      FileNames.candidates(home + "/examples/.h", extensions: pipe), [home + "/examples/.hidden.pipe"])
    XCTAssertEqual(
      FileNames.candidates(home + "/examples/r", extensions: nil),
      [home + "/examples/readme.md", home + "/examples/retry.pipe"])
    var withFiles = completer!
    withFiles.files = { _, extensions in extensions == ["svg"] ? ["a.svg"] : ["a.pipe"] }
    XCTAssertEqual(withFiles.candidates(before: ":load ", word: ""), ["a.pipe"])
    XCTAssertEqual(withFiles.candidates(before: ":export svg ", word: ""), ["a.svg"])
    XCTAssertEqual(withFiles.candidates(before: ":plugin load ", word: ""), ["a.pipe"])
  }
}
