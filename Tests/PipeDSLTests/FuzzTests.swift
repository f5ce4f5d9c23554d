import Foundation
import PipeDSL
import TerminalText
import XCTest

/// No input crashes the front end: thousands of seeded random and mutated texts go
/// through the lexer, the parser, the renderer, and the checker, compiler and evaluator of
/// every expression found.
final class FuzzTests: XCTestCase {
  static let pieces = [
    "|", "||", "(", ")", "[", "]", "{", "}", ",", ":", ";", "&", "&&", ".", "*", "?", "+", "-", "/", "%", "=",
    "==", "!", "!=", "<", "<=", ">", ">=", "\"", "\\", "\\u{", "#", "\n", "\t", " ", " ", " ", "a", "x1", "_",
    "0", "42", "3.5", "1e3", "1e", "500ms", "2m", "9999999999999999999999", "s", "h", "e", "é", "日", "😀", "“",
    "@", "\u{0}", "\r", "let", "set", "just", "weather", "retryWhen", "backoff(", "max", "acc", ".temp",
    ".a.b",
    "round(", "len(", "true", "null", ":load", "\"str\"", "\"\\q\"", "-1", "{ . }",
  ]

  /// `PIPE_FUZZ_ROUNDS` and `PIPE_FUZZ_SEED` run a longer or different hunt.
  func testRandomAndMutatedTextsNeverCrash() {
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["PIPE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3000
    var random = SplitMix64(seed: environment["PIPE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED)
    let examples =
      ParserExamplesTests.examples.split(separator: "\n").map(String.init) + [ParserExamplesTests.examples]
    for round in 0..<rounds {
      let text =
        round % 2 == 0
        ? (0..<random.next(below: 40)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }
          .joined()
        : mutate(examples[random.next(below: examples.count)], &random)
      exercise(text)
    }
  }

  func testDeepNestingIsReportedNotOverflowed() {
    for opener in ["(", "[", "{", "f(", "!", "-", "{(", "[a: "] {
      let result = Parser.parse("map " + String(repeating: opener, count: 5000))
      XCTAssertTrue(result.hasErrors, opener)
    }
    XCTAssertThrowsError(try Value(json: String(repeating: "[", count: 100_000)))
  }

  func testMutatedJSONNeverCrashes() {
    var random = SplitMix64(seed: 7)
    let json = #"{"city":"Oslo","temp":-21.5e1,"list":[1,true,null,"\u00e9\ud83d\ude00"],"n":{"a":[]}}"#
    for _ in 0..<2000 {
      let text = mutate(json, &random)
      if let value = try? Value(json: text) {
        XCTAssertEqual(try Value(json: value.json.encodedString()), value, text)
      }
    }
  }

  private func exercise(_ text: String) {
    for mode in [Lexer.Mode.file, .prompt] {
      let file = SourceFile(name: "fuzz.pipe", text: text)
      let tokens = Lexer.tokenize(file, mode: mode).tokens
      XCTAssertEqual(tokens.last?.kind, .end)
      XCTAssertTrue(zip(tokens, tokens.dropFirst()).allSatisfy { $0.span.end <= $1.span.start }, text)
      let result = Parser.parse(file, mode: mode)
      for diagnostic in result.diagnostics {
        XCTAssertTrue(diagnostic.span.end <= file.endOffset, text)
        XCTAssertFalse(diagnostic.message.first?.isUppercase ?? true, diagnostic.message)
      }
      _ = DiagnosticRenderer(paint: Paint(colour: mode == .file)).render(result.diagnostics, in: file)
      _ = result.isIncomplete
      _ = result.tree.description
      Self.expressions(in: result.tree).forEach(evaluate)
    }
  }

  private func evaluate(_ expr: Expr) {
    for environment in [ExpressionEnvironment.element, .scan] {
      guard let compiled = try? ExpressionCompiler.compile(expr, in: environment, source: "fuzz") else {
        continue
      }
      for element: Value in [nil, 0, -1, .int(.max), 2.5, "s", [1, "a"], ["temp": 3, "a": ["b": 1]]] {
        _ = try? compiled(element, ExpressionContext([element]))
      }
    }
  }

  private func mutate(_ text: String, _ random: inout SplitMix64) -> String {
    var characters = Array(text)
    for _ in 0...random.next(below: 4) {
      let at = random.next(below: characters.count + 1)
      switch random.next(below: 4) {
      case 0 where !characters.isEmpty:
        characters.removeSubrange(at..<min(characters.count, at + 1 + random.next(below: 8)))
      case 1: characters.insert(contentsOf: Self.pieces[random.next(below: Self.pieces.count)], at: at)
      case 2 where at < characters.count:
        characters.insert(
          contentsOf: characters[at..<min(characters.count, at + random.next(below: 12))], at: at)
      default: characters = Array(characters.prefix(at))
      }
    }
    return String(characters)
  }

  /// Every `{ ... }` in a program, at any depth.
  static func expressions(in program: Program) -> [Expr] {
    program.statements.flatMap { statement -> [Expr] in
      switch statement.kind {
      case .binding(_, let pipeline), .run(let pipeline, _): return expressions(in: pipeline)
      case .setting(_, let value): return expressions(in: value)
      case .command: return []
      }
    }
  }

  static func expressions(in pipeline: Pipeline) -> [Expr] {
    pipeline.stages.flatMap { stage -> [Expr] in
      switch stage.kind {
      case .operator(let op): return ((op.callArguments ?? []) + op.arguments).flatMap(expressions(in:))
      case .group(let inner): return expressions(in: inner)
      case .invalid: return []
      }
    }
  }

  static func expressions(in arg: Arg) -> [Expr] {
    switch arg.kind {
    case .expression(let expr): return [expr]
    case .call(let call): return call.arguments.flatMap(expressions(in:))
    case .list(let items): return items.flatMap(expressions(in:))
    case .dict(let entries): return entries.flatMap { expressions(in: $0.value) }
    case .pipeline(let pipeline): return expressions(in: pipeline)
    case .labeled(_, let value): return expressions(in: value)
    case .literal, .name, .element, .rate, .invalid: return []
    }
  }
}

/// A small seeded generator, so a failing input can be found again.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
