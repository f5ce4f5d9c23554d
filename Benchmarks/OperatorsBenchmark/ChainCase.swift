import OpenCombine
import Operators

/// Stops the optimiser from seeing through a closure, so the hand chain keeps its calls.
@inline(never) func opaque<T>(_ value: T) -> T { value }

/// (a) 10M Ints through map → filter → scan.
enum ChainCase {
  static let name = "a: 10M map→filter→scan"
  static let count = Harness.scaled(10_000_000)

  static func run() -> [Row] {
    [pipeLoopSource(), pipeRange()]
      + Harness.comparisons { [openCombineSequence(), openCombineSubject(), handChain(), fused()] }
  }

  @inline(never) static func pipeLoopSource() -> Row {
    let source = Observable<Int>(unsafe: { observer in
      for value in 0..<count { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.empty
    })
    let result = Tally()
    let chain = source.map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 }
    let row = Harness.measure(name, "pipe", operations: count) {
      chain.subscribe(Observer { if case .next(let value) = $0 { result.value = value } }).dispose()
    }
    blackHole(result.value)
    return row
  }

  /// The same chain fed by pipe's own `range`, which checks between values whether the
  /// subscription has ended.
  @inline(never) static func pipeRange() -> Row {
    let result = Tally()
    let chain = Observable.range(start: 0, count: count)
      .map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 }
    let row = Harness.measure(name, "pipe (range)", operations: count) {
      chain.subscribe(Observer { if case .next(let value) = $0 { result.value = value } }).dispose()
    }
    blackHole(result.value)
    return row
  }

  @inline(never) static func openCombineSequence() -> Row {
    let result = Tally()
    let row = Harness.measure(name, "OpenCombine (sequence)", operations: count) {
      let cancellable = Publishers.Sequence<Range<Int>, Never>(sequence: 0..<count)
        .map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 }
        .sink { result.value = $0 }
      cancellable.cancel()
    }
    blackHole(result.value)
    return row
  }

  @inline(never) static func openCombineSubject() -> Row {
    let result = Tally()
    let row = Harness.measure(name, "OpenCombine (subject)", operations: count) {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.map { $0 &* 2 }.filter { $0 % 4 == 0 }.scan(0) { $0 &+ $1 }
        .sink { result.value = $0 }
      for value in 0..<count { subject.send(value) }
      subject.send(completion: .finished)
      cancellable.cancel()
    }
    blackHole(result.value)
    return row
  }

  @inline(never) static func handChain() -> Row {
    let result = Tally()
    let row = Harness.measure(name, "hand push chain", operations: count) {
      let accumulate = Tally()
      let last: (Int) -> Void = opaque { result.value = $0 }
      let scan: (Int) -> Void = opaque {
        accumulate.value &+= $0
        last(accumulate.value)
      }
      let filter: (Int) -> Void = opaque { if $0 % 4 == 0 { scan($0) } }
      let map: (Int) -> Void = opaque { filter($0 &* 2) }
      for value in 0..<count { map(value) }
    }
    blackHole(result.value)
    return row
  }

  @inline(never) static func fused() -> Row {
    let result = Tally()
    let row = Harness.measure(name, "fused loop", operations: count) {
      var accumulate = 0
      for value in opaque(0..<count) {
        let doubled = value &* 2
        if doubled % 4 == 0 { accumulate &+= doubled }
        observedSink = accumulate
      }
      result.value = accumulate
    }
    blackHole(result.value)
    return row
  }
}
