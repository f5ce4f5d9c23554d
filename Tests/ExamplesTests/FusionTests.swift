import Foundation
import PipeProcessSupport
import XCTest

/// One statement, one meaning: a row of elementwise stages runs fused (one operator, in
/// `range`'s loop, on ints, keeping only what `last` reads) unless `PIPE_NO_FUSION=1` or a
/// tracer makes each stage run on its own. Every example, and statements made to reach each
/// fused path, print the same fused and unfused, traced (`--format jsonl`) and untraced.
final class FusionTests: XCTestCase {
  /// Statements that take each fused path and each way out of it: the int lane, a value the
  /// lane cannot decide (an overflow, a double), keeping the last value or none, an error in
  /// the middle of a row, a row after a stage that cannot fuse, subscriptions counted again.
  static let statements = [
    "range(0, 1000) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last",
    "range(0, 1000) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | count",
    "range(9223372036854775800, 7) | map {. + 3} | map {. / 2} | show",
    "range(0, 10) | map {. * 1.5} | filter {. > 3} | scan 0 {acc + .} | collect",
    "range(0, 100) | map {[a: ., b: . * 2]} | filter {.b % 4 == 0} | map {.a} | last",
    "range(0, 100) | map {. * 2} | discard",
    "range(0, 10) | map {10 / (5 - .)} | last",
    "range(0, 10) | map {. - 7} | map {. * 3} | take 5 | filter {. > 2} | scan 1 {acc * .} | show",
    "range(0, 50) | map {. % 7} | distinct | skip 3 | map {. + 1} | last",
    "range(1, 6) | map {. * 2} | flatMap (range(0, .) | map {. + 1} | filter {. % 2 == 0}) | count",
    "cold \"-a-b-#\" | map {. + \"!\"} | retry 3 | scan \"\" {acc + .} | show",
    "range(0, 3) | map {. * 2} | concat (fail serverFailure \"down\") | retry 2 | scan 0 {acc + .} | expect attempts 2",
    "range(0, 20) | flatMap (just . | map {. * 3} | filter {. % 2 == 0}) | concatMap (just . | scan 1 {acc + .})"
      + " | flatMapLatest (just {60 / (. - 13)}) | show",
    "range(0, 50) | map {. - . % 2} | distinct | filter {. % 4 == 0} | last",
  ]

  func testEveryExampleAndEveryFusedPathPrintTheSameFusedAndUnfusedTracedAndUntraced() throws {
    let examples = try ["chapter", "rx", "tour"].flatMap {
      try PipeProcess.files(in: "examples/\($0)", suffix: ".pipe")
    }
    XCTAssertGreaterThan(examples.count, 30)
    let texts = examples.map { ["run", $0] } + Self.statements.map { ["-e", $0] }
    let formats = [[], ["--format", "jsonl"]]
    let runs = Runs(
      texts.flatMap { text in
        formats.flatMap { format in [false, true].map { (arguments: format + text, unfused: $0) } }
      })
    // Four runs at once: a run is mostly pipe and its plugins starting.
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for index in stride(from: worker, to: runs.count, by: 4) { runs.run(index) }
    }
    for index in stride(from: 0, to: runs.count, by: 2) {
      let fused = try runs.result(index).get()
      let unfused = try runs.result(index + 1).get()
      let name = runs.arguments(index).joined(separator: " ")
      XCTAssertEqual(fused.stdout, unfused.stdout, "standard output of \(name)")
      XCTAssertEqual(fused.stderr, unfused.stderr, "standard error of \(name)")
      XCTAssertEqual(fused.status, unfused.status, "exit status of \(name)")
    }
    // Traced and untraced agree on what the sink printed: the last value the jsonl trace
    // shows for the stage before `last` is the line `last` printed.
    let sum: Int = stride(from: 0, to: 2000, by: 4).reduce(0, +)
    let lastOfRow = try runs.result(4 * examples.count).get()
    XCTAssertEqual(lastOfRow.stdout, "\(sum)\n")
    let traced = try runs.result(2 + 4 * examples.count).get()
    let lastEvent =
      #""label":"scan 0 {acc + .}","subscription":1,"t_ms":0,"kind":"next","value":"# + "\(sum)}"
    XCTAssertTrue(traced.stdout.contains(lastEvent), String(traced.stdout.suffix(2000)))
  }

  /// The runs of `pipe`, made on several threads, and what each gave.
  final class Runs: @unchecked Sendable {
    private let runs: [(arguments: [String], unfused: Bool)]
    private let lock = NSLock()
    private var results: [Int: Result<PipeRun, any Error>] = [:]

    init(_ runs: [(arguments: [String], unfused: Bool)]) { self.runs = runs }

    var count: Int { runs.count }

    func arguments(_ index: Int) -> [String] { runs[index].arguments }

    func run(_ index: Int) {
      let environment = runs[index].unfused ? ["PIPE_NO_FUSION": "1"] : [:]
      let result = Result { try PipeProcess.run(runs[index].arguments, environment: environment) }
      lock.withLock { results[index] = result }
    }

    func result(_ index: Int) -> Result<PipeRun, any Error> { lock.withLock { results[index]! } }
  }
}
