import Foundation
import Operators
import PipeDSL
import XCTest

/// `flatMap`, `concatMap` and `flatMapLatest` of a sub-pipeline that ends as it is subscribed
/// (`just` and elementwise stages) run it per value without building it, unless a tracer must
/// see its stages: the values, errors and early stops are the built sub-pipeline's. Each
/// statement is checked against the same one with `log` (which builds every sub-pipeline) or
/// with an inner that does not end as it is subscribed.
final class ImmediateSubpipelineTests: XCTestCase {
  func run(_ text: String) -> [String] { printedLines(text) }

  static let operators = ["flatMap", "concatMap", "flatMapLatest"]

  func testEachValueRunsTheWholeSubpipeline() {
    for op in Self.operators {
      let statement = "range(1, 5) | \(op) (just . | map {. * 10} | filter {. != 20})"
      XCTAssertEqual(run(statement + " | show"), ["10", "30", "40", "50"], op)
      XCTAssertEqual(loggedValues(statement, lastStage: "#1 \(op)"), ["10", "30", "40", "50"], op)
    }
  }

  /// A stage with state starts again for every value: `scan` from its seed, `skip` and
  /// `take` from their N.
  func testEveryValueHasAFreshSubpipeline() {
    for op in Self.operators {
      XCTAssertEqual(
        run("range(1, 3) | \(op) (just . | scan 100 {acc + .}) | show"), ["101", "102", "103"], op)
      XCTAssertEqual(run("range(1, 3) | \(op) (just . | take 1 | map {. + 1}) | show"), ["2", "3", "4"], op)
      XCTAssertEqual(run("range(1, 3) | \(op) (just . | skip 1) | count"), ["0"], op)
      XCTAssertEqual(run("of(1, 1, 2) | \(op) (just . | distinct) | show"), ["1", "1", "2"], op)
      // Beside stages that keep no state, whose steps are made once for the stage.
      XCTAssertEqual(
        run("range(1, 3) | \(op) (just . | map {. * 10} | scan 100 {acc + .} | filter {. > 0}) | show"),
        ["110", "120", "130"], op)
    }
  }

  /// An error of the source or of a stage of the sub-pipeline names that stage and the
  /// element, as the built sub-pipeline's does, and ends the outer stream.
  func testAnErrorNamesTheStageAndTheElement() {
    for op in Self.operators {
      for inner in ["just {10 / (. - 2)}", "just . | map {10 / (. - 2)}"] {
        let statement = "range(0, 5) | \(op) (\(inner))"
        let fused = run(statement + " | show")
        XCTAssertEqual(Array(fused.prefix(2)), ["-5", "-10"], "\(op) \(inner)")
        XCTAssertEqual(fused.count, 3, "\(op) \(inner): \(fused)")
        XCTAssertTrue(fused.last?.hasSuffix(" for 2)") == true, "\(op) \(inner): \(fused)")
        let logged = run(statement + " | log")
        XCTAssertEqual(logged.last, fused.last, "\(op) \(inner)")
      }
    }
  }

  /// Every stage of the sub-pipeline counts a subscription per value in the session's
  /// counts, as the built sub-pipeline's stages do (`log` builds them), and so do the
  /// stages of a statement after it, whose nodes come later.
  func testEachValueCountsASubscriptionOfEveryInnerStage() {
    func attempts(_ text: String) -> [Int?] {
      let session = Session.make(output: BufferedOutput())
      _ = session.execute(SourceFile(name: "statement.pipe", text: text))
      return Loop.main.sync { (0..<16).map { session.runtime.attempts[$0] } }
    }
    for op in Self.operators {
      let inner = "range(1, 5) | \(op) (just . | map {. * 10} | filter {. != 20})"
      let statements = [inner, "of(1, 2) | \(op) (just . | map {. + 1})"]
      let fused = attempts(statements.map { $0 + " | show" }.joined(separator: "\n"))
      XCTAssertEqual(fused, attempts(statements.map { $0 + " | log" }.joined(separator: "\n")), op)
      // range, the stage, then its sub-pipeline's `just`, `map` and `filter`, once per value;
      // the sink is not counted; then the second statement's.
      XCTAssertEqual(Array(fused.prefix(10)), [1, 1, 5, 5, 5, nil, 1, 1, 2, 2], op)
    }
  }

  /// A `take` after the stage stops the source at once: this range would take minutes.
  func testATakeAfterItStopsTheSource() {
    for op in Self.operators {
      XCTAssertEqual(
        run("range(0, 1000000000000) | \(op) (just . | map {. + 1}) | take 3 | show"), ["1", "2", "3"], op)
    }
  }

  /// A sub-pipeline that does not end as it is subscribed keeps each operator's own
  /// behaviour: `flatMapLatest` drops the inner the next value replaces, `concatMap` waits.
  func testAnInnerThatWaitsIsBuilt() {
    XCTAssertEqual(run("of(1, 2) | flatMapLatest (just . | delay 1s) | show"), ["2"])
    XCTAssertEqual(run("of(1, 2) | concatMap (just . | delay 1s) | show"), ["1", "2"])
    XCTAssertEqual(run("of(1, 2) | flatMap (of(., 10)) | show"), ["1", "10", "2", "10"])
  }

  func testNestedSubpipelines() {
    XCTAssertEqual(
      run("range(1, 3) | flatMap (just . | concatMap (just . | map {. * 2}) | map {. + 1}) | show"),
      ["3", "5", "7"])
  }
}
