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
}
