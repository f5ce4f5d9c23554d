import Foundation
import Operators
import PipeDSL

/// `range(0, 10000000) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last`,
/// through the language end to end, and the same chain on the engine with Ints.
enum ChainCase {
  static let count = CommandLine.arguments.contains("--profile") ? 1_000_000 : 10_000_000
  static let repetitions = 3
  static let statement =
    "range(0, \(count)) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last"
  /// The sum of every multiple of 4 below 2 × count: what `last` must print.
  static let expected = (0..<count).lazy.map { $0 * 2 }.filter { $0 % 4 == 0 }.reduce(0, +)

  static func run() -> [Row] {
    let language = best { runLanguage() }
    let engine = best { runEngine() }
    return [
      Row(
        name: "range 10M | map | filter | scan | last", implementation: "pipe language",
        value: Double(count) / language, unit: "events/s",
        note: String(
          format: "%.1f ns/event, %.2f× the engine's time", language * 1e9 / Double(count),
          language / engine) + ", target ≥ 10M/s"),
      Row(
        name: "range 10M | map | filter | scan | last", implementation: "engine, Ints",
        value: Double(count) / engine, unit: "events/s",
        note: String(format: "%.1f ns/event", engine * 1e9 / Double(count))),
    ]
  }

  /// The best wall time of `body` in seconds.
  static func best(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
  }

  static func runLanguage() {
    let output = BufferedOutput()
    let session = Session.make(clock: .virtual, output: output)
    let report = session.execute(SourceFile(name: "bench.pipe", text: statement))
    precondition(
      report.diagnostics.isEmpty && output.lines == ["\(expected)"], "wrong result: \(output.lines)")
  }

  static func runEngine() {
    var last = 0
    let chain = Observable<Int>.range(start: 0, count: count).map { $0 &* 2 }.filter { $0 % 4 == 0 }
      .scan(0) { $0 &+ $1 }
    chain.subscribe(Observer { if case .next(let value) = $0 { last = value } }).dispose()
    precondition(last == expected, "wrong result: \(last)")
  }
}
