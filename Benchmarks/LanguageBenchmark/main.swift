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

import Foundation

let usage = """
  usage: LanguageBenchmark [--json] [--quick] [--shape NAME]
         LanguageBenchmark --profile | --profile-engine | --profile-compile

  Runs the compile case, the language chain beside the engine's, the suite of real shapes
  (each beside its reference) and the clients case, and prints one table.

    --json             one JSON object per row and line, for tools
    --quick            a shorter chain, fewer times
    --shape NAME       only the shapes whose name contains NAME (--shape "" for all of them)
    --profile          the language chain once on 1M values, nothing else (for perf, callgrind)
    --profile-engine   the same chain on the engine with Ints
    --profile-compile  the compile case once
    -h, --help         this text

  """
let flags: Set = ["--json", "--quick", "--shape", "--profile", "--profile-engine", "--profile-compile"]
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage, terminator: "")
  exit(0)
}
for (index, argument) in arguments.enumerated()
where !flags.contains(argument) && (index == 0 || arguments[index - 1] != "--shape") {
  FileHandle.standardError.write(Data("LanguageBenchmark: unknown argument '\(argument)'\n\n\(usage)".utf8))
  exit(2)
}

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
