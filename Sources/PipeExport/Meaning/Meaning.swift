import PipeDSL

/// What one stage of a checked pipeline means, independent of how any library spells it:
/// the model the three writers translate from.
///
///     // retry 3
///     Meaning.retry(attempts: 3)   // RxSwift .retry(3), Combine .retry(2), RxJS retry(2)
indirect enum Meaning {
  // Sources.
  case just(Arg)
  case of([Arg])
  case range(from: Int, count: Int)
  case empty
  case never
  case fail(kind: String)
  case timer(Delay)
  case every(seconds: Double)
  case cold(diagrams: [String], values: [DictEntry])
  case hot(diagram: String, values: [DictEntry])
  case changes(setting: String)
  case input
  /// A plugin source, `weather "London"`.
  case plugin(name: String, arguments: [Arg])
  /// A `let` name.
  case reference(String)
  // Values.
  case map(Expr)
  case filter(Expr)
  case scan(seed: Arg, Expr)
  case take(Int)
  case skip(Int)
  /// `take 2s`, RxSwift's `take(for:)`.
  case takeFor(seconds: Double)
  /// `skip 2s`, RxSwift's `skip(for:)`.
  case skipFor(seconds: Double)
  case takeWhile(Expr)
  case distinct
  case startWith(Arg)
  case enumerate
  case buffer(Int)
  /// `buffer 3 2s`, RxSwift's `buffer(timeSpan:count:)`.
  case bufferTimed(count: Int, seconds: Double)
  case delay(seconds: Double)
  case debounce(seconds: Double)
  case throttle(seconds: Double)
  /// `throttle 1s latest: false`.
  case throttleFirst(seconds: Double)
  // Combining.
  case flatMap(Pipeline)
  case concatMap(Pipeline)
  case flatMapLatest(Pipeline)
  case merge(Pipeline)
  case concat(Pipeline)
  case zip(Pipeline)
  case combineLatest(Pipeline)
  case share
  case repeatCount(Int?)
  // Errors.
  case catchFallback(Fallback)
  case catchAndReturn(Arg)
  case throwIf(Expr, kind: String?)
  case mapError(Expr)
  case materialize
  case dematerialize
  case action(on: ActionEvent, Action)
  case retry(attempts: Int?)
  case retryWhen(Strategy, max: Int?, on: [String]?)
  case timeout(seconds: Double)
  /// `timeout 2s (PIPELINE)`, RxSwift's `timeout(_:other:)`.
  case timeoutElse(seconds: Double, Pipeline)
  case circuitBreaker(failures: Int, resetSeconds: Double)
  case chaos(text: String)
  // The end.
  case sink(Sink)
  case group(Pipeline)
  /// A stage the exporter has no translation for; its text goes into a comment.
  case untranslated(String)

  /// `timer 2s` or `timer { .attempt }`.
  enum Delay {
    case seconds(Double)
    case computed(Expr)
  }

  enum Fallback {
    case cache
    case empty
    case just(Arg)
    case pipeline(Pipeline)
    case ask
  }

  enum ActionEvent: String {
    case next, error, all
  }

  enum Action {
    case log
    case say(Expr)
    case count(String)
  }

  enum Sink: String {
    case show, collect, count, last, discard, log, marbles, plot, table, expect
  }
}

extension Meaning.Action {
  /// Whether the action reads the event's value or error (`log`, `say { .kind }`): a Swift
  /// writer binds it only then (an unused binding is a warning).
  var readsElement: Bool {
    switch self {
    case .log: return true
    case .say(let expr): return expr.readsElement
    case .count: return false
    }
  }
}

/// A retry strategy, by what it waits for.
indirect enum Strategy {
  /// Waits `delays(k)` seconds after the k-th error, `count` times (nil: no limit).
  case delays(DelaySchedule)
  case until(setting: String)
  case online
  case ask
  case never
  /// `[kind: strategy, *: strategy]`; a nil key is `*`.
  case byKind([(kind: String?, strategy: Strategy)])
  /// `(errors | ...)`.
  case general(Pipeline)

  var isNever: Bool {
    if case .never = self { return true }
    return false
  }
}

/// The waits of a timed strategy.
enum DelaySchedule {
  case list([Double])
  case constant(Double, times: Int)
  case linear(Double, times: Int)
  case exponential(initial: Double, factor: Double, max: Double, times: Int, jitter: String?)
  case binaryExponential(Double, times: Int)
  case immediate(times: Int)

  /// How many retries it allows.
  var count: Int {
    switch self {
    case .list(let delays): return delays.count
    case .constant(_, let times), .linear(_, let times), .binaryExponential(_, let times): return times
    case .exponential(_, _, _, let times, _): return times
    case .immediate(let times): return times
    }
  }

  /// The wait after the k-th error (k from 1), in seconds, without jitter.
  func seconds(after k: Int) -> Double {
    switch self {
    case .list(let delays): return delays[k - 1]
    case .constant(let delay, _): return delay
    case .linear(let delay, _): return delay * Double(k)
    case .exponential(let initial, let factor, let max, _, _):
      return Swift.min(max, initial * pow(factor, k - 1))
    case .binaryExponential(let interval, _): return interval * pow(2, k)
    case .immediate: return 0
    }
  }

  private func pow(_ base: Double, _ exponent: Int) -> Double {
    (0..<Swift.max(0, exponent)).reduce(1) { product, _ in product * base }
  }
}
