import Foundation

/// The command line: `--runs N`, `--seconds S`, `--json`.
struct Options {
  var runs = 5
  var seconds = 20
  var json = false

  init(_ arguments: ArraySlice<String>) {
    var arguments = arguments
    while let argument = arguments.popFirst() {
      switch argument {
      case "--runs": runs = max(1, arguments.popFirst().flatMap(Int.init) ?? runs)
      case "--seconds": seconds = max(1, arguments.popFirst().flatMap(Int.init) ?? seconds)
      case "--json": json = true
      default:
        print("usage: FakeAPIBenchmark [--runs N] [--seconds S] [--json]")
        exit(2)
      }
    }
  }
}
