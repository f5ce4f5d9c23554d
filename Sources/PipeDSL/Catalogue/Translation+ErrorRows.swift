extension Translation {
  static let errors: [Translation] = [
    row(
      .errors, "`catch (P)`", "catch",
      rx: c("`catch { error in ... }` (was `catchError`)", "catch", "catchError"),
      combine: c("`catch { error in ... }`", "catch"), js: c("`catchError(err => ...)`", "catchError"),
      polly: "Polly `Fallback`", aliases: ["catchError"]),
    row(
      .errors, "`catch empty`", "catch", rx: c("`catch { _ in .empty() }`"),
      combine: c("`catch { _ in Empty() }`"),
      js: c("`catchError(() => EMPTY)`")),
    row(
      .errors, "`catchAndReturn V`", "catchAndReturn",
      rx: c("`catchAndReturn(v)` (was `catchErrorJustReturn`)", "catchAndReturn", "catchErrorJustReturn"),
      combine: c("`replaceError(with: v)`", "replaceError"), js: c("`catchError(() => of(v))`"),
      polly: "Polly `Fallback(v)`", aliases: ["catchErrorJustReturn"]),
    row(
      .errors, "`catch cache`", "catch", rx: c("the book's own cache dictionary"), combine: c("—"),
      js: c("—"),
      polly: "a fallback to a cache"),
    row(
      .errors, "`retry 3`", "retry", rx: c("`retry(3)`: 3 attempts", "retry"),
      combine: c("`retry(2)`: 2 retries", "retry"), js: c("`retry(2)`: 2 retries", "retry"),
      polly: "Polly `Retry(2)`, resilience4j `maxAttempts(3)`"),
    row(
      .errors, "`retry`", "retry", rx: c("`retry()`"), combine: c("`retry(.max)`"), js: c("`retry()`"),
      polly: "`RetryForever()`"),
    row(
      .errors, "`retryWhen backoff(1, 3, 5, 10)`", "retryWhen",
      rx: c("`retry(when:)` with a `timer` per error"),
      combine: c("—"), js: c("`retry({count: 4, delay: (e, n) => timer(...)})`"),
      polly: "Polly `WaitAndRetry([1s, 3s, 5s, 10s])`"),
    row(
      .errors, "`retryWhen exponential(1s, times: 5)`", "retryWhen",
      rx: c("`retry(when:)` with `timer(2^n)`"),
      combine: c("—"), js: c("`retry({count: 5, delay: ...})`"),
      polly: "Polly v8 `MaxRetryAttempts = 5, BackoffType = Exponential`; resilience4j "
        + "`IntervalFunction.ofExponentialBackoff`"),
    row(
      .errors, "`retryWhen (errors \\| ...)`", "retryWhen", rx: c("`retry(when:)` (was `retryWhen`)"),
      combine: c("—"), js: c("`retryWhen` (deprecated in 7 for `retry({delay})`)", "retryWhen")),
    row(
      .errors, "`retryWhen [invalidKey: ..., *: ...]`", "retryWhen",
      rx: c("a `flatMap` over the errors that switches on the type"), combine: c("—"),
      js: c("a `delay` function that switches"), polly: "Polly `Handle<T>()` per policy"),
    row(
      .errors, "`timeout 2s`", "timeout", rx: c("`timeout(.seconds(2), scheduler:)`", "timeout"),
      combine: c("`timeout(2, scheduler:)` (completes, unless `customError:`)", "timeout"),
      js: c("`timeout(2000)`", "timeout"), polly: "Polly `Timeout`, resilience4j `TimeLimiter`"),
    row(
      .errors, "`timeout 2s (just 0)`", "timeout",
      rx: c("`timeout(.seconds(2), other: .just(0), scheduler:)`"),
      combine: c("`timeout` with `customError:`, then `catch`"),
      js: c("`timeout({ each: 2000, with: () => of(0) })`")),
    row(
      .errors, "`throwIf { . > 100 } oversize`", "throwIf",
      rx: c("`map { if $0 > 100 { throw Oversize() }; return $0 }`"), combine: c("`tryMap`", "tryMap"),
      js: c("`map(x => { if (x > 100) throw ... })`")),
    row(
      .errors, "`mapError {e}`", "mapError", rx: c("`catch { throw Mapped($0) }`"),
      combine: c("`mapError`", "mapError"), js: c("`catchError(e => throwError(() => ...))`")),
    row(
      .errors, "`materialize`", "materialize", rx: c("`materialize()`", "materialize"),
      combine: c("— (CombineExt adds it)"), js: c("`materialize()`", "materialize")),
    row(
      .errors, "`dematerialize`", "dematerialize", rx: c("`dematerialize()`", "dematerialize"),
      combine: c("— (CombineExt adds it)"), js: c("`dematerialize()`", "dematerialize")),
    row(
      .errors, "`onError say {e}`", "onError", rx: c("`do(onError:)`", "do(onError:)"),
      combine: c("`handleEvents(receiveCompletion:)`", "handleEvents(receiveCompletion:)"),
      js: c("`tap({error: ...})`"), polly: "Polly `onRetry`"),
    row(
      .errors, "`onNext say {e}`", "onNext", rx: c("`do(onNext:)`", "do(onNext:)"),
      combine: c("`handleEvents(receiveOutput:)`", "handleEvents(receiveOutput:)"), js: c("`tap(x => ...)`")),
    row(
      .errors, "`tap log`", "tap", rx: c("`debug()`", "debug"), combine: c("`print()`", "print"),
      js: c("`tap(console.log)`")),
    row(
      .errors, "`circuitBreaker(failures: 5, reset: 30s)`", "circuitBreaker", rx: c("—"), combine: c("—"),
      js: c("—"), polly: "Polly `CircuitBreaker(5, 30s)`, resilience4j `CircuitBreaker`"),
    row(
      .errors, "`chaos(rate: 0.3)`", "chaos", rx: c("—"), combine: c("—"), js: c("—"),
      polly: "Polly's Simmy (`AddChaosFault`), Chaos Monkey"),
    row(
      .errors, "`hedge(after: 2s, max: 1)`", "hedge", rx: c("—"), combine: c("—"), js: c("—"),
      polly: "Polly `AddHedging` (`Delay`, `MaxHedgedAttempts`)"),
    row(
      .errors, "`bulkhead(10, queue: 5) db`", "bulkhead", rx: c("—"), combine: c("—"), js: c("—"),
      polly: "Polly `AddConcurrencyLimiter(10, 5)`, resilience4j `Bulkhead`"),
  ]

  static let sinks: [Translation] = [
    row(
      .sinks, "`show`", "show", rx: c("`subscribe(onNext: { print($0) })`", "subscribe"),
      combine: c("`sink { print($0) }`", "sink"), js: c("`subscribe(console.log)`", "subscribe")),
    row(
      .sinks, "`log`", "log", rx: c("`debug()` after every stage"), combine: c("`print()` after every stage"),
      js: c("`tap(console.log)` after every stage")),
    row(
      .sinks, "`collect`", "collect", rx: c("`toArray()`", "toArray"), combine: c("`collect()`", "collect"),
      js: c("`toArray()`", "toArray")),
    row(
      .sinks, "`count`", "count", rx: c("`reduce`"), combine: c("`count()`", "count"),
      js: c("`count()`", "count")),
    row(
      .sinks, "`last`", "last", rx: c("`takeLast(1)`", "takeLast"), combine: c("`last()`", "last"),
      js: c("`last()`", "last")),
    row(
      .sinks, "`expect \"-a-#\"`", "expect",
      rx: c("RxTest: `XCTAssertEqual(res.events, [.next(1, \"a\"), .error(3, e)])`"), combine: c("—"),
      js: c("`expectObservable(o).toBe('-a-#')`", "expectObservable")),
  ]
}
