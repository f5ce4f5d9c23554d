// The engine benchmark: `swift run -c release OperatorsBenchmark [--json] [case letters]`.
//
// Compares pipe's engine with OpenCombine 0.14, a minimal hand-written push chain and a fused
// loop, measured in this run (best of 5), and lists the RxSwift figures recorded on this
// machine in FIELD-NOTES.md (RxSwift does not resolve here, so it cannot run beside us).

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let selected = Set(arguments.filter { !$0.hasPrefix("-") }.joined())

func wanted(_ letter: Character) -> Bool { selected.isEmpty || selected.contains(letter) }

var rows: [Row] = []
if wanted("a") { rows += ChainCase.run() }
if wanted("b") { rows += SubscribeCase.run() }
if wanted("d") { rows += TimerCase.run() }

if json {
  Report.printJSON(rows)
} else {
  Report.printTable(
    rows,
    anchors: [
      ChainCase.name: [("RxSwift 6.10.2 (create)", 440)],
      SubscribeCase.name: [("RxSwift 6.10.2", 2_764)],
      TimerCase.name: [("RxTest 6.10.2", 5_650)],
    ],
    targets: [ChainCase.name: 20, SubscribeCase.name: 150, TimerCase.name: 500]
  )
}
