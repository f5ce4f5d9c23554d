import Foundation
import Operators
import PipeDSL

/// `range(0, 10000000) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last`,
/// through the language end to end, and the same chain on the engine with Ints. Targets:
/// ≥ 20M events/s, and no more than twice the engine's time per event.
enum ChainCase {
  static let count =
    CommandLine.arguments.contains("--profile") || CommandLine.arguments.contains("--profile-engine")
    ? 1_000_000 : CommandLine.arguments.contains("--quick") ? 2_000_000 : 10_000_000
  static let repetitions = CommandLine.arguments.contains("--quick") ? 3 : 7
  static let statement =
    "range(0, \(count)) | map {. * 2} | filter {. % 4 == 0} | scan 0 {acc + .} | last"
  /// The sum of every multiple of 4 below 2 × count: what `last` must print.
  static let expected = (0..<count).lazy.map { $0 * 2 }.filter { $0 % 4 == 0 }.reduce(0, +)

  /// The case as the table names it, with the number of values.
  static let name = "range \(count / 1_000_000)M | map | filter | scan | last"

  /// The language and the engine alternately, so both meet the same load; medians.
  static func run() -> [Row] {
    var languageTimes: [Double] = []
    var engineTimes: [Double] = []
    for _ in 0..<repetitions {
      languageTimes.append(time { runLanguage() })
      engineTimes.append(time { runEngine() })
    }
    let language = median(languageTimes)
    let engine = median(engineTimes)
    let runs = "median of \(repetitions), alternating with the other"
    return [
      Row(
        name: name, implementation: "pipe language",
        value: Double(count) / language, unit: "events/s", id: "language.chain_events_per_s",
        target: "≥ 20M", met: Double(count) / language >= 20e6,
        note: String(format: "%.1f ns/event, ", language * 1e9 / Double(count)) + runs),
      Row(
        name: name, implementation: "engine, Ints",
        value: Double(count) / engine, unit: "events/s", id: "language.engine_events_per_s",
        note: String(format: "%.1f ns/event, ", engine * 1e9 / Double(count)) + runs),
      Row(
        name: name, implementation: "language / engine",
        value: language / engine, unit: "×", id: "language.over_engine", target: "≤ 2",
        met: language / engine <= 2,
        note: "ratio of the medians' times per event"),
    ]
  }

  /// The wall time of `body` in seconds.
  static func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
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
