import PipeProcessSupport
import XCTest

/// Standard output writes a line made as bytes (an int's digits from `show`, a `log` line) as
/// it is only when nothing would change it: a secret's text in it is masked, and a control
/// character in it is written visibly, as in a line made as a `String`.
final class ShowLinesEndToEndTests: XCTestCase {
  private let key = "73918264"

  func testASecretInAnIntsDigitsIsMaskedOnStandardOutput() throws {
    let run = try PipeProcess.run(
      ["-e", "of(\(key), -\(key)5, 1, true, null) | show"], environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertEqual(run.stdout, "••••\n-••••5\n1\ntrue\nnull\n")
    let log = try PipeProcess.run(["-e", "just \(key) | log"], environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertTrue(log.stdout.contains("  next ••••\n"), log.stdout)
    XCTAssertFalse(log.stdout.contains(key), log.stdout)
  }

  func testAControlCharacterInALogLineIsWrittenVisibly() throws {
    let run = try PipeProcess.run(["-e", #"of("a\u{1B}]0;x\u{7}b", "h\u{E9}llo", 12) | log"#])
    XCTAssertFalse(run.stdout.contains("\u{1B}") || run.stdout.contains("\u{7}"), run.stdout)
    XCTAssertTrue(run.stdout.contains(#"  next a\u{1B}]0;x\u{7}b"#), run.stdout)
    XCTAssertTrue(run.stdout.contains("  next h\u{E9}llo\n"), run.stdout)
    XCTAssertTrue(run.stdout.contains("  next 12\n"), run.stdout)
  }
}
