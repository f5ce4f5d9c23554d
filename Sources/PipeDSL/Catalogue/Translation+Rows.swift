extension Translation {
  /// The table, in the order of docs/COOKBOOK.md. A name listed in two rows belongs to the
  /// first; a `Cell`'s names must appear in its Markdown.
  public static let all: [Translation] = sources + operators + errors + sinks

  static let sources: [Translation] = [
    row(
      .sources, "`just V`", "just", rx: c("`Observable.just(v)`", "just"), combine: c("`Just(v)`", "Just"),
      js: c("`of(v)`"), aliases: ["Just"]),
    row(
      .sources, "`of(a, b)`", "of", rx: c("`Observable.of(a, b)`", "of"), combine: c("`[a, b].publisher`"),
      js: c("`of(a, b)`", "of")),
    row(
      .sources, "`range(1, 5)`", "range", rx: c("`Observable.range(start: 1, count: 5)`", "range"),
      combine: c("`(1...5).publisher`"), js: c("`range(1, 5)`", "range")),
    row(
      .sources, "`empty`", "empty", rx: c("`Observable.empty()`", "empty"), combine: c("`Empty()`", "Empty"),
      js: c("`EMPTY`", "EMPTY"), aliases: ["Empty", "EMPTY"]),
    row(
      .sources, "`never`", "never", rx: c("`Observable.never()`", "never"),
      combine: c("`Empty(completeImmediately: false)`"), js: c("`NEVER`", "NEVER"), aliases: ["NEVER"]),
    row(
      .sources, "`fail offline`", "fail", rx: c("`Observable.error(e)`", "error"),
      combine: c("`Fail(error: e)`", "Fail"), js: c("`throwError(() => e)`", "throwError")),
    row(
      .sources, "`timer 2s`", "timer", rx: c("`Observable.timer(.seconds(2), scheduler:)`", "timer"),
      combine: c("`Just(0).delay(for: 2, scheduler:)`"), js: c("`timer(2000)`", "timer")),
    row(
      .sources, "`every 1s`", "every", rx: c("`Observable.interval(.seconds(1), scheduler:)`", "interval"),
      combine: c("`Timer.publish(every: 1, on: .main, in: .common).autoconnect()`", "publish", "autoconnect"),
      js: c("`interval(1000)`", "interval")),
    row(
      .sources, "`cold \"-a-#\"`", "cold", rx: c("RxTest `createColdObservable`", "createColdObservable"),
      combine: c("—"), js: c("`cold('-a-#')` in `TestScheduler`", "cold")),
    row(
      .sources, "`hot \"-a-^-b\"`", "hot", rx: c("RxTest `createHotObservable`", "createHotObservable"),
      combine: c("—"), js: c("`hot('-a-^-b')` in `TestScheduler`", "hot")),
    row(
      .sources, "`changes(weather.apiKey)`", "changes", rx: c("a `BehaviorRelay`'s `skip(1)`"),
      combine: c("a `@Published` property's `dropFirst()`"), js: c("a `BehaviorSubject`'s `skip(1)`")),
  ]

  static let operators: [Translation] = [
    same(.operators, "`map {e}`", "map"),
    same(.operators, "`filter {e}`", "filter"),
    row(
      .operators, "`scan 0 { acc + . }`", "scan", rx: c("`scan(0, accumulator:)`", "scan"),
      combine: c("`scan(0, +)`", "scan"), js: c("`scan((acc, x) => acc + x, 0)`", "scan")),
    row(
      .operators, "`take 3`", "take", rx: c("`take(3)`", "take"), combine: c("`prefix(3)`", "prefix"),
      js: c("`take(3)`", "take"), aliases: ["prefix"]),
    row(
      .operators, "`take 2s`", "take", rx: c("`take(for: .seconds(2), scheduler:)`"),
      combine: c("`prefix(untilOutputFrom:)` a `Just` delayed 2 s"), js: c("`takeUntil(timer(2000))`")),
    row(
      .operators, "`skip 2`", "skip", rx: c("`skip(2)`", "skip"), combine: c("`dropFirst(2)`", "dropFirst"),
      js: c("`skip(2)`", "skip"), aliases: ["dropFirst"]),
    row(
      .operators, "`skip 2s`", "skip", rx: c("`skip(.seconds(2), scheduler:)`"),
      combine: c("`drop(untilOutputFrom:)` a `Just` delayed 2 s"), js: c("`skipUntil(timer(2000))`")),
    row(
      .operators, "`takeWhile {e}`", "takeWhile", rx: c("`take(while:)`"), combine: c("`prefix(while:)`"),
      js: c("`takeWhile`", "takeWhile")),
    row(
      .operators, "`distinct`", "distinct", rx: c("`distinctUntilChanged()`", "distinctUntilChanged"),
      combine: c("`removeDuplicates()`", "removeDuplicates"),
      js: c("`distinctUntilChanged()`", "distinctUntilChanged"),
      aliases: ["distinctUntilChanged", "removeDuplicates"]),
    row(
      .operators, "`startWith 0`", "startWith", rx: c("`startWith(0)`", "startWith"),
      combine: c("`prepend(0)`", "prepend"), js: c("`startWith(0)`", "startWith"), aliases: ["prepend"]),
    row(
      .operators, "`enumerate`", "enumerate", rx: c("`enumerated()`", "enumerated"), combine: c("—"),
      js: c("`map((x, i) => ...)`"), aliases: ["enumerated"]),
    row(
      .operators, "`buffer 2`", "buffer", rx: c("`buffer(timeSpan:count:scheduler:)`", "buffer"),
      combine: c("`collect(2)`"), js: c("`bufferCount(2)`", "bufferCount"), aliases: ["bufferCount"]),
    row(
      .operators, "`buffer 3 1s`", "buffer", rx: c("`buffer(timeSpan: .seconds(1), count: 3, scheduler:)`"),
      combine: c("`collect(.byTimeOrCount(scheduler, 1, 3))` (no empty lists)"),
      js: c("`bufferTime(1000, null, 3)`")),
    row(
      .operators, "`delay 1s`", "delay", rx: c("`delay(.seconds(1), scheduler:)`", "delay"),
      combine: c("`delay(for: 1, scheduler:)` (also delays failures: see below)", "delay"),
      js: c("`delay(1000)`", "delay")),
    row(
      .operators, "`debounce 1s`", "debounce", rx: c("`debounce(.seconds(1), scheduler:)`", "debounce"),
      combine: c("`debounce(for: 1, scheduler:)`", "debounce"), js: c("`debounceTime(1000)`", "debounceTime")),
    row(
      .operators, "`throttle 1s`", "throttle",
      rx: c("`throttle(.seconds(1), latest: true, scheduler:)`", "throttle"),
      combine: c("`throttle(for: 1, scheduler:, latest: true)`", "throttle"),
      js: c("`throttleTime(1000, undefined, {leading: true, trailing: true})`", "throttleTime")),
    row(
      .operators, "`throttle 1s latest: false`", "throttle",
      rx: c("`throttle(.seconds(1), latest: false, scheduler:)`"),
      combine: c("`throttle(for: 1, scheduler:, latest: false)`"), js: c("`throttleTime(1000)`")),
    row(
      .operators, "`flatMap (P)`", "flatMap", rx: c("`flatMap`", "flatMap"),
      combine: c("`flatMap`", "flatMap"),
      js: c("`mergeMap`", "mergeMap"), aliases: ["mergeMap"]),
    row(
      .operators, "`concatMap (P)`", "concatMap", rx: c("`concatMap`", "concatMap"),
      combine: c("`flatMap(maxPublishers: .max(1))`"), js: c("`concatMap`", "concatMap")),
    row(
      .operators, "`flatMapLatest (P)`", "flatMapLatest", rx: c("`flatMapLatest`", "flatMapLatest"),
      combine: c("`map` + `switchToLatest()`", "switchToLatest"), js: c("`switchMap`", "switchMap"),
      aliases: ["switchMap"]),
    row(
      .operators, "`merge (P)`", "merge", rx: c("`merge`", "merge"), combine: c("`merge(with:)`", "merge"),
      js: c("`merge`", "merge")),
    row(
      .operators, "`concat (P)`", "concat", rx: c("`concat`", "concat"), combine: c("`append`", "append"),
      js: c("`concat`", "concat"), aliases: ["append"]),
    same(.operators, "`zip (P)`", "zip"),
    same(.operators, "`combineLatest (P)`", "combineLatest"),
    row(
      .operators, "`share`", "share", rx: c("`share()`", "share"), combine: c("`share()`", "share"),
      js: c("`share()`", "share")),
    row(
      .operators, "`repeat 3`", "repeat", rx: c("`Observable.concat(Array(repeating: o, count: 3))`"),
      combine: c("—"), js: c("`repeat(3)`", "repeat")),
  ]
}

extension Translation {
  /// A row; `rx`, `combine` and `js` are the columns.
  static func row(
    _ section: Section, _ pipe: String, _ entry: String?, rx: Cell, combine: Cell, js: Cell,
    polly: String? = nil, aliases: Set<String> = []
  ) -> Translation {
    Translation(
      section: section, pipe: pipe, entry: entry, cells: [.rxSwift: rx, .combine: combine, .rxJS: js],
      polly: polly, aliases: aliases)
  }

  /// A row whose name is the same in all three libraries: `` `map` ``.
  static func same(_ section: Section, _ pipe: String, _ entry: String) -> Translation {
    row(
      section, pipe, entry, rx: c("`\(entry)`", entry), combine: c("`\(entry)`", entry),
      js: c("`\(entry)`", entry))
  }

  /// A cell: its Markdown and the names in it.
  static func c(_ markdown: String, _ names: String...) -> Cell { Cell(markdown, names: names) }
}
