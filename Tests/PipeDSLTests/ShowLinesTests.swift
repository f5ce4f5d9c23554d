import PipeDSL
import XCTest

/// `show` and `log` make an int's line (and a bool's, null's) as bytes, not as a `String`:
/// each line is still the value's `show`, and a secret's text in it is still masked.
final class ShowLinesTests: XCTestCase {
  /// Ints of every length and sign, the ends of `Int` among them, print as `String(int)`.
  func testAnIntsLineIsItsDecimalDigitsOfEverySignAndLength() {
    var ints: [Int] = [0, Int.max, -Int.max]
    var power = 1
    for _ in 0...18 {
      ints += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
      if power <= Int.max / 10 { power *= 10 }
    }
    let statement = [
      "of(\(ints.map(String.init).joined(separator: ", "))) | show",
      "just 0 | map {. - \(Int.max) - 1} | show",
      #"of(true, false, null, 1.5, "a", [a: -1]) | show"#,
    ].joined(separator: "\n")
    let output = BufferedOutput()
    let session = Session.make(output: output)
    _ = session.execute(SourceFile(name: "show.pipe", text: statement))
    let expected = ints.map(String.init) + [String(Int.min), "true", "false", "null", "1.5", "a", "{a: -1}"]
    XCTAssertEqual(output.lines, expected)
  }

  /// A secret's text is masked wherever it is in an int's digits, and as a bool or null.
  func testASecretInAnIntsDigitsIsMasked() {
    let output = BufferedOutput()
    let redactor = Redactor(environment: ["PIPE_TEST_KEY": "4242", "PIPE_OTHER_TOKEN": "null"])
    let session = Session.make(services: Services(output: output, redactor: redactor))
    _ = session.execute(SourceFile(name: "show.pipe", text: "of(4242, -4242, 1424204, 4241, null) | show"))
    XCTAssertEqual(output.lines, ["••••", "-••••", "1••••04", "4241", "••••"])
  }

  /// A log line made as bytes masks a secret's text too.
  func testASecretInALogLineIsMasked() {
    let output = BufferedOutput()
    let session = Session.make(
      services: Services(output: output, redactor: Redactor(environment: ["PIPE_TEST_KEY": "4242"])))
    _ = session.execute(SourceFile(name: "log.pipe", text: "just 14242 | log"))
    XCTAssertTrue(output.lines.contains { $0.hasSuffix("  next 1••••") }, "\(output.lines)")
    XCTAssertFalse(output.lines.contains { $0.contains("4242") }, "\(output.lines)")
  }
}
