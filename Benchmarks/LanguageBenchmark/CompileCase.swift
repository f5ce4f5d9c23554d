import Dispatch
import PipeDSL

/// Parse + check + compile of a 200-stage pipeline, best of many.
enum CompileCase {
  static let stages = 200
  static let repetitions = CommandLine.arguments.contains("--profile-compile") ? 30 : 300

  /// `range(0, 10) | map { . * 2 } | filter { . % 4 == 0 } | ... | last`: 200 stages of the
  /// common kinds (expressions, counts, durations, sub-pipelines, strategies).
  static var text: String {
    let kinds = [
      "map { . * 2 + 1 }", "filter { . % 4 == 0 || . > 10 }", "take 1000", "retry 3",
      "scan 0 { acc + . }", "delay 10ms", "catch (just 0)", "retryWhen backoff(1, 3, 5, 10) max 3",
      "flatMap (just . | map { [value: ., half: . / 2] } | map { .value })", "timeout 2s",
    ]
    let middle = (0..<(stages - 2)).map { kinds[$0 % kinds.count] }
    return (["range(0, 10)"] + middle + ["last"]).joined(separator: " | ")
  }

  static func run() -> [Row] {
    let source = text
    var best = Double.infinity
    var diagnostics = 0
    for _ in 0..<repetitions {
      let start = DispatchTime.now().uptimeNanoseconds
      let parsed = Parser.parse(SourceFile(name: "bench.pipe", text: source))
      let compiler = Compiler(settings: Settings())
      let compiled = compiler.compile(parsed.tree)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
      diagnostics = parsed.diagnostics.count + compiler.diagnostics.count + (compiled.count == 1 ? 0 : 1)
      best = min(best, elapsed)
    }
    precondition(diagnostics == 0, "the benchmark's pipeline does not compile")
    return [
      Row(
        name: "parse + check + compile, \(stages) stages", implementation: "pipe language",
        value: best / 1000, unit: "µs", id: "language.compile_200_stages_us", note: "best of \(repetitions)")
    ]
  }
}
