import Operators
import PipeDSL
import XCTest

final class LexerTests: XCTestCase {
  /// Each token as `kind(text)`, the final `end` left out.
  func lex(_ text: String, mode: Lexer.Mode = .file) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text), mode: mode).tokens.dropLast().map {
      "\($0.kind)(\($0.text))"
    }
  }

  func literals(_ text: String) -> [Literal?] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).tokens.dropLast().map(\.literal)
  }

  func diagnostics(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).diagnostics.map { "\($0.id) \($0.span)" }
  }

  func testPunctuationTakesTheLongestMatch() {
    XCTAssertEqual(
      lex("| || & && = == ! != < <= > >= ( ) [ ] { } , : ; * ? + - / %").map {
        String($0.prefix { $0 != "(" })
      },
      [
        "pipe", "pipePipe", "amp", "ampAmp", "equal", "equalEqual", "bang", "bangEqual", "less", "lessEqual",
        "greater", "greaterEqual", "leftParen", "rightParen", "leftBracket", "rightBracket", "leftBrace",
        "rightBrace", "comma", "colon", "semicolon", "star", "question", "plus", "minus", "slash", "percent",
      ])
  }

  func testNamesPathsFieldsAndDots() {
    XCTAssertEqual(
      lex("set weather.apiKey x_1 .main.temp . weather . a.b.c.d"),
      [
        "identifier(set)", "identifier(weather.apiKey)", "identifier(x_1)", "field(.main.temp)", "dot(.)",
        "identifier(weather)", "dot(.)", "identifier(a.b.c.d)",
      ])
    XCTAssertEqual(lex("acc. x"), ["identifier(acc)", "dot(.)", "identifier(x)"])
  }

  func testNumbersKeepIntAndDoubleApart() {
    XCTAssertEqual(
      literals("42 3.5 1e3 2E-2 0 007"),
      [.int(42), .double(3.5), .double(1000), .double(0.02), .int(0), .int(7)])
    XCTAssertEqual(lex("-3.5"), ["minus(-)", "literal(3.5)"])
    XCTAssertEqual(lex("1.x"), ["literal(1)", "field(.x)"])
  }

  func testDurations() {
    XCTAssertEqual(
      literals("500ms 1.5s 2m 1h 1e3s 0s"),
      [
        .duration(.milliseconds(500)), .duration(.seconds(1.5)), .duration(.seconds(120)),
        .duration(.seconds(3600)), .duration(.seconds(1000)), .duration(.zero),
      ])
  }

  func testStringsAndTheirEscapes() {
    XCTAssertEqual(
      literals(#""plain" "a\"b" "back\\slash" "two\nlines" "tab\there" "\u{1F600}" "é""#),
      ["plain", "a\"b", "back\\slash", "two\nlines", "tab\there", "😀", "é"].map { .string($0) })
    XCTAssertEqual(literals("\"one\nline\""), [.string("one\nline")])
  }

  func testCommentsRunToTheEndOfTheLine() {
    XCTAssertEqual(
      lex("just 1 # a comment | not a stage\ntake 2"),
      [
        "identifier(just)", "literal(1)", "newline(\n)", "identifier(take)", "literal(2)",
      ])
  }

  func testNewlinesEndStatementsExceptWhereTheyContinue() {
    XCTAssertEqual(
      lex("a\n\n\nb;c"), ["identifier(a)", "newline(\n)", "identifier(b)", "semicolon(;)", "identifier(c)"])
    XCTAssertEqual(lex("a |  # more\nb"), ["identifier(a)", "pipe(|)", "identifier(b)"])
    XCTAssertEqual(
      lex("f(1,\n2) [\n] {\n.}"),
      [
        "identifier(f)", "leftParen(()", "literal(1)", "comma(,)", "literal(2)", "rightParen())",
        "leftBracket([)",
        "rightBracket(])", "leftBrace({)", "dot(.)", "rightBrace(})",
      ])
  }

  func testALineBeginningWithAPipeContinuesInAFileOnly() {
    let text = "weather \"Oslo\"\n  # a comment\n\n  | show\ntake 1"
    XCTAssertEqual(
      lex(text, mode: .file),
      [
        "identifier(weather)", "literal(\"Oslo\")", "pipe(|)", "identifier(show)", "newline(\n)",
        "identifier(take)", "literal(1)",
      ])
    XCTAssertEqual(lex(text, mode: .prompt).filter { $0.hasPrefix("newline") }.count, 2)
  }

  func testACommandIsTheRestOfItsLine() {
    XCTAssertEqual(
      lex(":load my file.pipe  \n:jobs; take 1 : x"),
      [
        "command(:load my file.pipe)", "newline(\n)", "command(:jobs; take 1 : x)",
      ])
    XCTAssertEqual(
      lex("take 1; :jobs"), ["identifier(take)", "literal(1)", "semicolon(;)", "command(:jobs)"])
    XCTAssertEqual(
      lex("[a: 1]"), ["leftBracket([)", "identifier(a)", "colon(:)", "literal(1)", "rightBracket(])"])
  }

  func testErrorsAreDiagnosticsWithSpans() {
    XCTAssertEqual(diagnostics(#""abc"#), ["unterminatedString 0..<4"])
    XCTAssertEqual(diagnostics(#""a\qb""#), ["badEscape 2..<4"])
    XCTAssertEqual(
      diagnostics(#""\u{110000}" "\u{}" "\u12""#),
      ["badUnicodeEscape 1..<11", "badUnicodeEscape 14..<18", "badUnicodeEscape 21..<23"])
    XCTAssertEqual(
      diagnostics("1e 3x 2min 99999999999999999999 1e30h"),
      [
        "badNumber 0..<2", "badDuration 3..<5", "badDuration 6..<10", "numberTooLarge 11..<31",
        "numberTooLarge 32..<37",
      ])
    XCTAssertEqual(
      diagnostics("take @ 3 “x” \u{7}"),
      [
        "unexpectedCharacter 5..<6", "unexpectedCharacter 9..<12", "unexpectedCharacter 13..<16",
        "unexpectedCharacter 17..<18",
      ])
  }

  func testABadTokenStaysAsAnInvalidToken() {
    XCTAssertEqual(lex("take 3x @"), ["identifier(take)", "invalid(3x)", "invalid(@)"])
    XCTAssertEqual(literals(#""a\qb""#), [.string("aqb")])
  }

  func testUnterminatedStringIsIncompleteAndKeepsWhatItRead() {
    let (tokens, diagnostics) = Lexer.tokenize(SourceFile(name: "t", text: "say \"to be\ncontinued"))
    XCTAssertEqual(tokens.map(\.kind), [.identifier, .literal, .end])
    XCTAssertEqual(tokens[1].literal, .string("to be\ncontinued"))
    XCTAssertEqual(diagnostics.map(\.isIncomplete), [true])
    XCTAssertEqual(diagnostics.first?.span, Span(4, 10))  // to the end of its first line
  }
}
