// The language benchmark: `swift run -c release LanguageBenchmark [--profile]`.
//
// How fast the front end turns text into an engine graph, and what the language's dynamic
// values cost at run time compared with the same chain on the generic engine with Ints.
// `--profile` runs the language chain once and nothing else, `--profile-compile` the
// compile case, for callgrind or perf.

if CommandLine.arguments.contains("--profile") {
  ChainCase.runLanguage()
} else if CommandLine.arguments.contains("--profile-compile") {
  _ = CompileCase.run()
} else {
  let compile = CompileCase.run()
  let chain = ChainCase.run()
  Table.print(compile + chain)
}
