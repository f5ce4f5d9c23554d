// The engine benchmark: `swift run -c release OperatorsBenchmark [--json] [case letters]`.
//
// (a) 10M values through map → filter → scan, (b) subscribe + dispose, (c) a source failing
// three times then succeeding under retry(4), (d) 100k virtual timers, (e) 100k pipelines
// retrying with back-off on one virtual clock. Compares pipe's engine with OpenCombine 0.14,
// a minimal hand-written push chain and fused loops, measured in this run (best of 5), and
// lists the RxSwift figures recorded on this machine in FIELD-NOTES.md (RxSwift does not
// resolve here, so it cannot run beside us). `--json` prints one object per row and line.
// `BENCH_DIVISOR=n` divides every count by n, e.g. for `valgrind --tool=callgrind`;
// `BENCH_PIPE_ONLY=1` leaves out every row that is not pipe's (most of the time under callgrind).
// Every row is a function of its own, never inlined, so that `callgrind_annotate --inclusive=yes`
// counts each row apart (e.g. `ChainCase.pipeRange()`). Debian's valgrind 3.19 cannot read
// the DWARF 5 that clang writes for the engine's C target (CThreadLocal) and gives up
// ("Possibly corrupted debuginfo file"): run it on a copy made with `strip --strip-debug`.

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let selected = Set(arguments.filter { !$0.hasPrefix("-") }.joined())

func wanted(_ letter: Character) -> Bool { selected.isEmpty || selected.contains(letter) }

var rows: [Row] = []
if wanted("a") { rows += ChainCase.run() }
if wanted("b") { rows += SubscribeCase.run() }
if wanted("c") { rows += RetryCase.run() }
if wanted("d") { rows += TimerCase.run() }
if wanted("e") { rows += BackoffCase.run() }

if json {
  Report.printJSON(rows)
} else {
  Report.printTable(
    rows,
    anchors: [
      ChainCase.name: [("RxSwift 6.10.2 (create)", 440)],
      SubscribeCase.name: [("RxSwift 6.10.2", 2_764)],
      RetryCase.name: [("RxSwift 6.10.2", 15_186)],
      TimerCase.name: [("RxTest 6.10.2", 5_650)],
    ],
    targets: [
      ChainCase.name: 20, SubscribeCase.name: 150, RetryCase.name: 1_000, TimerCase.name: 500,
      BackoffCase.name: 10_000,
    ]
  )
}
