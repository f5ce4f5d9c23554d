import OpenCombine
import Operators

/// (b) 1M subscribe + dispose of just(1).map.filter.
enum SubscribeCase {
  static let name = "b: subscribe+dispose just.map.filter"
  static let count = Harness.scaled(1_000_000)

  static func run() -> [Row] { [pipe()] + Harness.comparisons { [openCombine()] } }

  @inline(never) static func pipe() -> Row {
    let result = Tally()
    let observer = Observer<Int> { if case .next(let value) = $0 { result.value &+= value } }
    let row = Harness.measure(name, "pipe", operations: count) {
      for _ in 0..<count {
        Observable.just(1).map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(observer).dispose()
      }
    }
    blackHole(result.value)
    return row
  }

  @inline(never) static func openCombine() -> Row {
    let result = Tally()
    let row = Harness.measure(name, "OpenCombine", operations: count) {
      for _ in 0..<count {
        Just(1).map { $0 &+ 1 }.filter { $0 > 0 }.sink { result.value &+= $0 }.cancel()
      }
    }
    blackHole(result.value)
    return row
  }
}
