import PipeDSL

extension RxJSWriter {
  func stage(_ meaning: Meaning, text: String, into chain: inout Chain) {
    if valueStage(meaning, into: &chain) || combining(meaning, into: &chain) { return }
    errorStage(meaning, text: text, into: &chain)
  }

  private func op(_ name: String, _ arguments: String = "") -> String { use(name) + "(" + arguments + ")" }

  /// A value joining a stream (startWith, catchAndReturn, `catch just`): a record is typed
  /// `Record<string, any>`, so that a later `.city` type-checks on the stream of a stub's
  /// type joined with it (TypeScript would read `{}` as a type without fields).
  private func joining(_ arg: Arg) -> String {
    let value = dialect.literal(arg)
    guard case .dict = arg.kind else { return value }
    return value + " as Record<string, any>"
  }

  /// A helper of RxJSExport.faithful in place of an RxJS operator whose events differ from RxSwift's.
  private func faithful(_ name: String, _ arguments: String) -> String {
    context.use(name)
    for name in RxJSExport.faithfulImports { _ = use(name) }
    return name + "(" + arguments + ")"
  }

  /// An arrow function's body: a record in parentheses, else it would read as a block.
  private func arrowBody(_ expr: Expr) -> String {
    let body = expression(expr)
    return ExpressionWriter.beginsWithRecord(expr) ? "(" + body + ")" : body
  }

  private func valueStage(_ meaning: Meaning, into chain: inout Chain) -> Bool {
    switch meaning {
    case .map(let expr): chain.add(op("map", "(x) => \(arrowBody(expr))"))
    case .filter(let expr): chain.add(op("filter", "(x) => \(condition(expr))"))
    case .scan(let seed, let expr):
      // An empty list's type would be never[]; what the accumulator holds is pipe's to say.
      let isEmptyList = {
        if case .list(let items) = seed.kind { return items.isEmpty } else { return false }
      }()
      let seedText = isEmptyList ? "[] as unknown[]" : dialect.literal(seed)
      chain.add(op("scan", "(acc, x) => \(arrowBody(expr)), \(seedText)"))
    case .take(let count): chain.add(op("take", String(count)))
    case .skip(let count): chain.add(op("skip", String(count)))
    case .takeFor(let seconds):
      chain.add(
        op("takeUntil", op("timer", "\(ms(seconds)), \(use("asyncScheduler"))")),
        comment: "RxSwift's take(for:)")
    case .skipFor(let seconds):
      chain.add(
        op("skipUntil", op("timer", "\(ms(seconds)), \(use("asyncScheduler"))")),
        comment: "RxSwift's skip(for:)")
    case .takeWhile(let expr): chain.add(op("takeWhile", "(x) => \(condition(expr))"))
    case .distinct: chain.add(op("distinctUntilChanged"))
    case .startWith(let arg): chain.add(op("startWith", joining(arg)))
    case .enumerate: chain.add(op("map", "(value, index) => ({ index, value })"))
    case .buffer(let count): chain.add(faithful("bufferToEnd", String(count)))
    case .delay(let seconds):
      // RxJS's delay completes with the last delayed value; RxSwift's one delay after the source.
      chain.add(
        op("concatWith", op("timer", ms(seconds)) + ".pipe(" + op("ignoreElements") + ")"),
        comment: "as RxSwift, the completion is delayed too")
      chain.add(op("delay", ms(seconds)))
    case .debounce(let seconds): chain.add(op("debounceTime", ms(seconds)))
    case .throttle(let seconds): chain.add(throttle(seconds, latest: true), comment: Self.intervalTie)
    case .throttleFirst(let seconds): chain.add(throttle(seconds, latest: false))
    case .bufferTimed(let count, let seconds):
      chain.add(
        op("bufferTime", "\(ms(seconds)), null, \(count)"),
        comment: "RxSwift's buffer(timeSpan:count:): a list when full or when the time is up, even empty")
    case .share: chain.add(op("share"))
    case .repeatCount(let count?): chain.add(op("repeat", String(count)))
    case .repeatCount(nil): chain.add(op("repeat"), comment: ExportCheck.endlessRepeat)
    case .materialize:
      context.declare(Self.pipeRecord)
      context.use(Self.pipeError)  // a record's `error` is pipe's error, read by its kind
      _ = use("ObservableNotification")
      chain.add(op("materialize"))
      chain.add(op("map", "pipeRecord"), comment: "pipe's records: .event, .value, .error")
    case .dematerialize:
      context.declare(Self.pipeRecord)
      context.use(Self.pipeError)
      _ = use("ObservableNotification")
      chain.add(op("map", "rxNotification"))
      chain.add(op("dematerialize"))
    default: return false
    }
    return true
  }

  /// Where a timer ending at the tick of an `interval` value differs: the TestScheduler runs
  /// the interval, set earlier, first; pipe runs the timer set first (here, the wait's).
  static let intervalTie =
    "on the TestScheduler an interval() value due at the tick the wait ends comes first, in pipe after: the value sent may be the next one"

  /// pipe's throttle, RxSwift's: the helper `throttleLatest` (RxJS's throttleTime times its
  /// windows otherwise, and lets other values through).
  private func throttle(_ seconds: Double, latest: Bool) -> String {
    _ = (use("asyncScheduler"), use("MonoTypeOperatorFunction"))
    return faithful("throttleLatest", "\(ms(seconds)), \(latest)")
  }

  private func combining(_ meaning: Meaning, into chain: inout Chain) -> Bool {
    switch meaning {
    case .flatMap(let pipeline): chain.add(op("mergeMap", arrow(pipeline, parameter: "x")))
    case .concatMap(let pipeline): chain.add(op("concatMap", arrow(pipeline, parameter: "x")))
    case .flatMapLatest(let pipeline): chain.add(op("switchMap", arrow(pipeline, parameter: "x")))
    case .merge(let pipeline): chain.add(op("mergeWith", inline(pipeline)))
    case .concat(let pipeline): chain.add(op("concatWith", inline(pipeline)))
    case .zip(let pipeline): chain.add(faithful("zipToEnd", inline(pipeline)))
    case .combineLatest(let pipeline): chain.add(faithful("combineLatestToEnd", inline(pipeline)))
    case .group(let pipeline): chain.links += self.chain(pipeline).0.links
    default: return false
    }
    return true
  }

  func inline(_ pipeline: Pipeline) -> String { chain(pipeline, outer: "x").0.javascript() }

  private func errorStage(_ meaning: Meaning, text: String, into chain: inout Chain) {
    switch meaning {
    case .catchFallback(let fallback): catchStage(fallback, into: &chain)
    case .catchAndReturn(let arg): chain.add(op("catchError", "() => \(op("of", joining(arg)))"))
    case .throwIf(let expr, let kind):
      let raised = kind.map(raise) ?? "x"
      chain.add(op("map", "(x) => {\n  if (\(condition(expr))) throw \(raised);\n  return x;\n}"))
    case .mapError(let expr):
      context.use(Self.pipeError)
      chain.add(
        op(
          "catchError",
          "(e) => \(op("throwError", "() => new PipeError(e.kind, \(expression(expr, element: "e")))"))"))
    case .action(let event, let action): chain.add(self.action(event, action))
    case .retry(let attempts?) where attempts > 0:
      chain.add(
        op("retry", String(attempts - 1)), comment: "pipe's retry \(attempts): \(attempts) attempts in all")
    case .retry(let attempts?):
      chain.add(op("take", "0"), comment: "pipe's retry \(attempts) completes at once; RxJS still subscribes")
    case .retry(nil): chain.add(op("retry"))
    case .retryWhen(let strategy, let max, let on): chain.links.append(retryWhen(strategy, max: max, on: on))
    case .timeout(let seconds):
      chain.add(
        op(
          "timeout",
          "{ each: \(ms(seconds)), with: () => \(use("throwError"))(() => \(raise("timeout"))) }"),
        comment: "else RxJS's TimeoutError; " + ExportCheck.timeoutTick(fails: "fail", of: "of()"))
    case .timeoutElse(let seconds, let other):
      chain.add(
        op("timeout", "{ each: \(ms(seconds)), with: () => \(inline(other)) }"),
        comment:
          "RxSwift's timeout(_:other:); " + ExportCheck.timeoutTick(fails: "switch", of: "of()"))
    default: chain.add("// no faithful RxJS translation: \(text)")
    }
  }

  private func catchStage(_ fallback: Meaning.Fallback, into chain: inout Chain) {
    switch fallback {
    case .empty: chain.add(op("catchError", "() => \(use("EMPTY"))"))
    case .just(let arg): chain.add(op("catchError", "() => \(op("of", joining(arg)))"))
    case .pipeline(let pipeline): chain.add(op("catchError", arrow(pipeline, parameter: "e")))
    case .cache:
      context.declare(
        "/** The last good value of each request, for `catch cache` (the book's dictionary); `any`: each request caches its own type. */\nconst cache = new Map<string, any>();"
      )
      let key = dialect.string(chain.head)
      chain.add(op("tap", "(x) => cache.set(\(key), x)"))
      chain.add(
        op("catchError", "() => (cache.has(\(key)) ? \(op("of", "cache.get(\(key))")) : \(use("EMPTY")))"),
        comment: "nothing cached: complete quietly")
    case .ask:
      chain.add("// catch ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    }
  }

  private func action(_ event: Meaning.ActionEvent, _ action: Meaning.Action) -> String {
    let element = event == .error ? "e" : "x"
    let body: String
    switch action {
    case .log: body = "console.log(\(element))"
    case .say(let expr): body = "console.log(\(expression(expr, element: element)))"
    case .count(let name):
      context.declare("let \(name) = 0;")
      body = "console.log(`\(name): ${++\(name)}`)"
    }
    switch (event, action) {
    case (.all, .log): return op("tap", "console.log")
    case (.error, _): return op("tap", "{ error: (e) => \(body) }")
    default: return op("tap", "(x) => \(body)")
    }
  }
}

extension RxJSWriter {
  /// pipe's record of an event, over RxJS's Notification (whose `kind` is 'N', 'E' or 'C').
  static let pipeRecord = """
    /** pipe's record of an event: `event` is 'next', 'error' or 'completed'; only a 'next' has a `value`, only an 'error' an `error` (pipe reads the other as null). */
    interface PipeRecord<T> {
      event: 'next' | 'error' | 'completed';
      value: T;
      error: any;
    }

    function pipeRecord<T>(n: ObservableNotification<T>): PipeRecord<T> {
      if (n.kind === 'N') return { event: 'next', value: n.value } as PipeRecord<T>;
      if (n.kind === 'E') return { event: 'error', error: n.error } as PipeRecord<T>;
      return { event: 'completed' } as PipeRecord<T>;
    }

    function rxNotification<T>(r: PipeRecord<T>): ObservableNotification<T> {
      if (r.event === 'next') return { kind: 'N', value: r.value };
      if (r.event === 'error') return { kind: 'E', error: r.error };
      return { kind: 'C' };
    }
    """
}
