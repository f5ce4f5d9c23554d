import PipeDSL
import XCTest

/// A `next` line of `log` is built in one string (time, stage, subscription, `next ` and the
/// value as `show` writes it): every kind of value reads as before, each stage in its column,
/// each moment of the virtual clock in its own time.
final class LogSinkNextLinesTests: XCTestCase {
  func lines(_ text: String) -> [String] {
    let output = BufferedOutput()
    _ = Session.make(output: output).execute(SourceFile(name: "demo.pipe", text: text))
    return output.lines
  }

  func testNextLinesShowEachValue() {
    XCTAssertEqual(
      lines(#"of(7, "a b", [x: 1.5, y: [2, "c"]], null) | filter {true} | log"#),
      [
        "0s      #1 filter {true}                              1  subscribe",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  subscribe",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  next 7",
        "0s      #1 filter {true}                              1  next 7",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  next a b",
        "0s      #1 filter {true}                              1  next a b",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  next {x: 1.5, y: [2, \"c\"]}",
        "0s      #1 filter {true}                              1  next {x: 1.5, y: [2, \"c\"]}",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  next null",
        "0s      #1 filter {true}                              1  next null",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  completed",
        "0s      #1 filter {true}                              1  completed",
        "0s      #0 of(7, \"a b\", [x: 1.5, y: [2, \"c\"]], null)  1  dispose",
        "0s      #1 filter {true}                              1  dispose",
      ])
  }

  func testEachMomentHasItsTime() {
    XCTAssertEqual(
      lines(#"cold "-a 1s b 900ms c|" | map {. + "!"} | log"#),
      [
        "0s      #1 map {. + \"!\"}            1  subscribe",
        "0s      #0 cold \"-a 1s b 900ms c|\"  1  subscribe",
        "1ms     #0 cold \"-a 1s b 900ms c|\"  1  next a",
        "1ms     #1 map {. + \"!\"}            1  next a!",
        "1.002s  #0 cold \"-a 1s b 900ms c|\"  1  next b",
        "1.002s  #1 map {. + \"!\"}            1  next b!",
        "1.903s  #0 cold \"-a 1s b 900ms c|\"  1  next c",
        "1.903s  #1 map {. + \"!\"}            1  next c!",
        "1.904s  #0 cold \"-a 1s b 900ms c|\"  1  completed",
        "1.904s  #1 map {. + \"!\"}            1  completed",
        "1.904s  #0 cold \"-a 1s b 900ms c|\"  1  dispose",
        "1.904s  #1 map {. + \"!\"}            1  dispose",
      ])
  }

  /// An int is written as its digits, not through `show`: every sign and length reads as
  /// `show` writes it, the least int too (`map` makes it: the lexer reads no such literal).
  func testIntsReadAsShowWritesThem() {
    let values = [1, 8, -6, 10, 99, -100, 1_234_567_890, Int.max, Int.min + 1]
    let source = "of(" + values.map(String.init).joined(separator: ", ") + ") | map {. - 1} | log"
    let next = lines(source).filter { $0.contains(" next ") }.map {
      String($0.split(separator: " ").last ?? "")
    }
    XCTAssertEqual(next.count, 2 * values.count)
    XCTAssertEqual(next.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), values.map(String.init))
    XCTAssertEqual(
      next.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), values.map { String($0 - 1) })
  }

  /// A subscription number of two digits and more, as `retry` makes them.
  func testSubscriptionNumbersOfSeveralDigits() {
    let errors = lines(##"cold "#" | retry 11 | log"##).filter {
      $0.contains(" error ") && $0.contains("#0 ")
    }
    XCTAssertEqual(
      errors.map { String($0.split(separator: " ")[4]) }, (1...11).map(String.init))
  }
}
