import PipeProcessSupport
import XCTest

/// The real `pipe` binary at its prompt, in a tmux pane: what a person types and sees.
final class PromptEndToEndTests: XCTestCase {
  func testTabCompletesOperatorsAfterAPipe() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("just 1 | retryW")
    try pane.press("Tab")
    try pane.waitFor("retryWhen completed") { $0.hasSuffix("pipe> just 1 | retryWhen") }
    try pane.press("C-u")
    try pane.type("just 1 | ret")
    try pane.press("Tab")
    try pane.press("Tab")
    let screen = try pane.waitFor("both candidates listed") { $0.contains("retry      retryWhen\n") }
    XCTAssertTrue(screen.hasSuffix("pipe> just 1 | retry"), screen)
  }

  func testTabCompletesPluginSourcesToo() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("weat")
    try pane.press("Tab")
    try pane.waitFor("the plugin's source completed", timeout: 10) { $0.hasSuffix("pipe> weather") }
  }

  func testHistoryIsRecalledAfterARestart() throws {
    let home = try TemporaryFolder.home(for: self)
    let first = try Tmux.start(test: self, home: home)
    try first.type("just 41 | map { . + 1 }", enter: true)
    try first.waitFor("42") { $0.contains("\n42\n") }
    try first.type("set network \"off\"", enter: true)
    try first.press("C-d")
    try first.waitForExit()

    let second = try Tmux.start(test: self, home: home)
    try second.press("Up")
    try second.press("Up")
    try second.waitFor("the first statement recalled") { $0.hasSuffix("pipe> just 41 | map { . + 1 }") }
    try second.press("Enter")
    try second.waitFor("42 again") { $0.contains("\n42\n") }
    try second.type(":settings", enter: true)
    try second.waitFor("the setting kept") { $0.contains("* network") && $0.contains("\"off\"") }
  }

  func testAnUnfinishedStatementGetsTheContinuationPrompt() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("of(1, 2, 3) |", enter: true)
    try pane.waitFor("the continuation prompt") { $0.hasSuffix("  ...") }
    try pane.type("map { . * 10 }", enter: true)
    let screen = try pane.waitFor("the values") { $0.contains("30\npipe>") }
    XCTAssertTrue(screen.contains("pipe> of(1, 2, 3) |\n  ... map { . * 10 }\n10\n20\n30\n"), screen)
  }

  func testCtrlCCancelsEveryOneSecondOnTheRealClock() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("every 1s | show", enter: true)
    try pane.waitFor("the first tick") { $0.hasSuffix("every 1s | show\n0") }
    try pane.press("C-c")
    let stopped = "0\n^C\nnote: stopped 'every 1s | show' (Ctrl-C)\npipe>"
    try pane.waitFor("the prompt back") { $0.hasSuffix(stopped) }
    Thread.sleep(forTimeInterval: 1.2)
    XCTAssertTrue(try pane.screen().hasSuffix(stopped), "no tick after Ctrl-C")
  }

  func testCtrlCDisposesTheRunningPipelineAsItsLogShows() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("every 300ms | log", enter: true)
    try pane.waitFor("a first value") { $0.contains("next 0") }
    try pane.press("C-c")
    let screen = try pane.waitFor("the dispose and a new prompt") {
      $0.contains("dispose") && $0.hasSuffix("pipe>")
    }
    XCTAssertTrue(screen.contains("^C"), screen)
    try pane.type("just 7", enter: true)
    try pane.waitFor("the prompt still works") { $0.hasSuffix("7\npipe>") }
  }

  func testCtrlCClearsAHalfTypedLine() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("just \"never run")
    try pane.press("C-c")
    try pane.waitFor("a fresh prompt") { $0.hasSuffix("pipe> just \"never run^C\npipe>") }
    try pane.type("just 3", enter: true)
    try pane.waitFor("the next statement") { $0.hasSuffix("3\npipe>") }
  }

  func testBackgroundOutputAppearsAboveTheLineBeingEdited() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("every 250ms | take 3 | map { . + 100 } &", enter: true)
    try pane.waitFor("the job started") { $0.contains("[1] started") }
    try pane.type("just 12 | map { . ")
    let screen = try pane.waitFor("the job done") { $0.contains("[1] done") }
    XCTAssertTrue(screen.contains("100\n101\n102\n[1] done\n"), screen)
    XCTAssertEqual(try pane.lastLine(), "pipe> just 12 | map { .")
    try pane.type("+ 1 }", enter: true)
    try pane.waitFor("the edited line ran whole") { $0.hasSuffix("13\npipe>") }
  }

  func testSettingASettingReleasesAJobWaitingForIt() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("cold [\"#\", \"(a|)\"] | retryWhen until(network) | show &", enter: true)
    try pane.waitFor("the job started") { $0.contains("[1] started") }
    try pane.type(":jobs", enter: true)
    try pane.waitFor("the job waiting") { $0.contains("[1] running") }
    try pane.type("set network \"on\"", enter: true)
    let screen = try pane.waitFor("the job done") { $0.contains("[1] done") }
    XCTAssertTrue(screen.contains("set network \"on\"\na\n[1] done"), screen)
  }

  func testAskAndInputTalkToThePerson() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("input \"city> \" | map { len(.) }", enter: true)
    try pane.waitFor("the input prompt") { $0.hasSuffix("city>") }
    try pane.type("Paris", enter: true)
    try pane.waitFor("its length") { $0.contains("city> Paris\n5\ncity>") }
    try pane.press("Enter")
    try pane.waitFor("the statement prompt") { $0.hasSuffix("pipe>") }
    try pane.type("fail serverFailure | catch ask", enter: true)
    try pane.waitFor("the question") {
      $0.hasSuffix("[r]etry, [d]efault value, [f]ail? (a letter, then Enter)")
    }
    try pane.type("d", enter: true)
    try pane.waitFor("the default value") { $0.hasSuffix("null\npipe>") }
  }

  func testABackgroundQuestionPutsTheEditedLineAsideAndGivesItBack() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("timer 300ms | throwIf { true } boom | catch ask &", enter: true)
    try pane.type("just 5")
    try pane.waitFor("the question") {
      $0.hasSuffix("[r]etry, [d]efault value, [f]ail? (a letter, then Enter)")
    }
    try pane.type("d", enter: true)
    try pane.waitFor("the line given back") { $0.hasSuffix("null\n[1] done\npipe> just 5") }
    try pane.type(" | map { . * 2 }", enter: true)
    try pane.waitFor("the whole line ran") { $0.hasSuffix("10\npipe>") }
  }

  func testKillDisposesABackgroundJob() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("every 1s | log &", enter: true)
    try pane.waitFor("the job started") { $0.contains("[1] started") }
    try pane.type(":kill 1", enter: true)
    let screen = try pane.waitFor("the job killed") { $0.contains("[1] killed") }
    XCTAssertTrue(screen.contains("1  dispose"), screen)
    try pane.type(":jobs", enter: true)
    // The listing's line can be on the screen a moment before the next prompt: wait for both.
    let listed = try pane.waitFor("the job listed as killed, then the prompt") {
      $0.contains(":jobs\n[1] killed  ") && $0.hasSuffix("\npipe>")
    }
    XCTAssertTrue(listed.hasSuffix("ms  every 1s | log\npipe>"), listed)  // the real time it ran
  }

  func testLoadRunsAFileAndLetNamesSurviveAClockSwitch() throws {
    let home = try TemporaryFolder.home(for: self)
    try "let twice = of(1, 2) | map { . * 2 }\ntwice | count\n".write(
      toFile: home + "/twice.pipe", atomically: true, encoding: .utf8)
    let pane = try Tmux.start(test: self, home: home)
    try pane.type(":load \(home)/twice.pipe", enter: true)
    try pane.waitFor("the file's output") { $0.hasSuffix("2\npipe>") }
    try pane.type(":clock real", enter: true)
    try pane.waitFor("the new clock") { $0.contains("clock: real") }
    try pane.type("twice | collect", enter: true)
    try pane.waitFor("the name still defined") { $0.hasSuffix("[2, 4]\npipe>") }
  }

  func testErrorsAreReportedAndThePromptSurvives() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("just 1 | fliter { . > 0 }", enter: true)
    let screen = try pane.waitFor("the diagnostic") { $0.contains("did you mean 'filter'?") }
    XCTAssertTrue(screen.contains("1 | just 1 | fliter { . > 0 }\n  |          ^^^^^^"), screen)
    try pane.type("fail serverFailure", enter: true)
    try pane.waitFor("the unhandled error") { $0.contains("error: serverFailure") }
    try pane.type(":quit", enter: true)
    try pane.waitForExit()
  }
}
