import OpenCombine
import Operators

/// (c) 100k runs of a source that fails three times, then succeeds, under a retry allowing
/// four attempts.
enum RetryCase {
  static let name = "c: fail 3× then succeed, retry(4)"
  static let count = Harness.scaled(100_000)

  struct Failure: Error {}

  static func run() -> [Row] { [pipe()] + Harness.comparisons { [openCombine(), fused()] } }

  @inline(never) static func pipe() -> Row {
    let attempt = Tally()
    let result = Tally()
    let source = Observable<Int>.create { observer in
      attempt.value += 1
      if attempt.value < 4 {
        observer.onError(Failure())
      } else {
        observer.onNext(attempt.value)
        observer.onCompleted()
      }
      return Disposables.empty
    }
    let pipeline = source.retry(4)
    let observer = Observer<Int> { if case .next(let value) = $0 { result.value &+= value } }
    let row = Harness.measure(name, "pipe", operations: count) {
      for _ in 0..<count {
        attempt.value = 0
        pipeline.subscribe(observer).dispose()
      }
    }
    precondition(result.value == 4 * count * 5, "every run must end with the fourth attempt's value")
    return row
  }

  /// OpenCombine's `retry(n)` counts resubscriptions, so `retry(3)` allows four attempts.
  @inline(never) static func openCombine() -> Row {
    let attempt = Tally()
    let result = Tally()
    let source = Deferred { () -> Result<Int, Failure>.OCombine.Publisher in
      attempt.value += 1
      let value = attempt.value
      return Result.OCombine.Publisher(value < 4 ? .failure(Failure()) : .success(value))
    }
    let row = Harness.measure(name, "OpenCombine .retry(3)", operations: count) {
      for _ in 0..<count {
        attempt.value = 0
        source.retry(3).sink(receiveCompletion: { _ in }, receiveValue: { result.value &+= $0 }).cancel()
      }
    }
    precondition(result.value == 4 * count * 5, "every run must end with the fourth attempt's value")
    return row
  }

  @inline(never) static func fused() -> Row {
    let result = Tally()
    let attemptOnce: (inout Int) throws -> Int = opaque { attempt in
      attempt += 1
      if attempt < 4 { throw Failure() }
      return attempt
    }
    let row = Harness.measure(name, "fused do/catch loop", operations: count) {
      for _ in 0..<count {
        var attempt = 0
        for _ in 0..<4 {
          do {
            result.value &+= try attemptOnce(&attempt)
            break
          } catch {
            continue
          }
        }
      }
    }
    blackHole(result.value)
    return row
  }
}
