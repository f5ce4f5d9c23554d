// The language benchmark: `swift run -c release LanguageBenchmark [--json] [--quick] [--profile]`.
//
// How fast the front end turns text into an engine graph, and what the language's dynamic
// values cost at run time compared with the same chain on the generic engine with Ints, and
// how long ten thousand `clients` take against the shared simulated service.
// `--profile` runs the language chain once on 1M values and nothing else (`--profile-engine`
// the engine's), `--profile-compile` the compile case, for callgrind or perf (valgrind 3.19:
// on a copy made with `strip --strip-debug`, see OperatorsBenchmark). `--json` prints one
// object per row and line; `--quick` runs a shorter chain fewer times. The suite of real shapes
// (issue 31, Shapes.swift) follows, each beside its reference; `--shape NAME` runs only the
// shapes whose name contains NAME (`--shape ""` all of them), without the other cases.

if CommandLine.arguments.contains("--profile") {
  ChainCase.runLanguage()
} else if CommandLine.arguments.contains("--profile-engine") {
  ChainCase.runEngine()
} else if CommandLine.arguments.contains("--profile-compile") {
  _ = CompileCase.run()
} else if let index = CommandLine.arguments.firstIndex(of: "--shape") {
  let only = CommandLine.arguments.dropFirst(index + 1).first
  let rows = ShapeCase.run(only: only)
  if CommandLine.arguments.contains("--json") { Table.printJSON(rows) } else { Table.print(rows) }
} else {
  let compile = CompileCase.run()
  let chain = ChainCase.run()
  let shapes = ShapeCase.run(only: nil)
  let fleet = FleetCase.run()
  if CommandLine.arguments.contains("--json") {
    Table.printJSON(compile + chain + shapes + fleet)
  } else {
    Table.print(compile + chain + shapes + fleet)
  }
}
