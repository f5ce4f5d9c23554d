import Foundation
import PipeDSL
import XCTest

/// Inputs the libFuzzer target (`make fuzz`) found breaking an invariant of the front end,
/// kept so they stay fixed. Each goes through the same round: lex, parse, check, compile.
final class FuzzRegressionTests: XCTestCase {
  /// Each input, with the first line of what the checker must now say about it.
  static let found: [(input: String, firstDiagnostic: String)] = [
    // A sink as the first stage compiled to nothing and said nothing.
    ("log\n", "fuzz.pipe:1:1: error: 'log' needs something upstream"),
    // An empty list of diagrams was refused without a word (the generic error showed it).
    ("cold [] \n| retry 3", "fuzz.pipe:1:6: error: a list of diagrams needs at least one"),
    // A word after expect's list of values was refused without a word.
    ("of(5) | expect [5] ersize", "fuzz.pipe:1:20: error: only 'error KIND' may follow the list of values"),
  ]

  /// The inputs as libFuzzer saved them (base64; bytes that are not UTF-8 decode to U+FFFD,
  /// as in the fuzz target).
  static let crashInputs = [
    "bG9nCg==",
    "IyByZXRy+SBiZWxjYWhvZWN0IGF0dHMgNApyZXBlYXQjIEluc2lkZSBjYXRjaC1hLWItLWN8Igpjb2xkIFtdIAp8IHJjdHJ5IyByZXRy"
      + "+SBiZWxjYWhvd3RyeSAyIHwgZXhwZWN0ICItYS1iLS1jfHJ8IGV4cGVjdCAiLWEtYi0tY3wiCmNvbGQgWyIu///9D8gtIyIsICItY3wiXSAK"
      + "fCByY3RyeSAzIHwgZSMgY2F0Y2ggc3Vic2NydGhlIG50byBhbiBlZXIgMyB8IGUjIGNhdGNoIHN1YnNjcnRoZSBudG8gYW4gZWVy",
    "IykgfCB0aHJvd0lmIHsgLiA8PSAwIH0gbm90UG9zaXRpdmUgfCB0aHJvd2xhc3RuIGluIG9yZGVyLCBzbyB0aGUKIyBmaXJzdCBv"
      + "bmUgdGhhdCBob2xkcyBuYW1lcyAKb2YoNSwgLTEsIDIwMCkgfCB0aHJvd0lmIHsgLiA8PSAwIH0gbm90UG93aXRpdmUgfCB0aHJv"
      + "d0lmIHsgLiA+IDEwMCB9IG92ZXJzaXplIHwgZXhwZWN0IFs1XSBlcnNpemUgfCByZXRyeVdoZW4gaW1tZWRpYXRlKDUpIG9uIG5v"
      + "dFBvc2l0aXZlIHwgZXhwZWN0ICItIyIgWyIjIjogb3ZlcnNpemVdCg==",
  ]

  func testTheSavedCrashInputsKeepTheInvariants() throws {
    for encoded in Self.crashInputs {
      let data = try XCTUnwrap(Data(base64Encoded: encoded))
      _ = Self.checkRound(String(decoding: data, as: UTF8.self))
    }
  }

  func testEveryFoundInputNowKeepsTheInvariants() {
    for (input, firstDiagnostic) in Self.found {
      let rendered = Self.checkRound(input)
      XCTAssertEqual(rendered.split(separator: "\n").first.map(String.init), firstDiagnostic, input)
    }
  }

  /// What the fuzz target checks, as assertions: spans inside the text, no capitalised
  /// message, and no statement dropped without an error. Returns the rendered diagnostics.
  static func checkRound(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let source = SourceFile(name: "fuzz.pipe", text: text)
    let parsed = Parser.parse(source)
    var diagnostics = parsed.diagnostics
    if !parsed.hasErrors {
      let compiler = Compiler(settings: Settings())
      let statements = compiler.compile(parsed.tree)
      diagnostics += compiler.diagnostics
      XCTAssertFalse(
        compiler.diagnostics.contains { $0.id == .stageNotCompiled },
        "an entry refused a stage without saying why: \(text.debugDescription)", file: file, line: line)
      XCTAssertTrue(
        compiler.hasErrors || statements.count == parsed.tree.statements.count,
        "a statement was dropped without an error: \(text.debugDescription)", file: file, line: line)
    }
    for diagnostic in diagnostics {
      XCTAssertTrue(diagnostic.span.end <= source.endOffset, text.debugDescription, file: file, line: line)
      XCTAssertFalse(
        diagnostic.message.first?.isUppercase ?? true, diagnostic.message, file: file, line: line)
    }
    return DiagnosticRenderer().render(diagnostics, in: source)
  }
}
