import Operators
import PipeDSL

extension Meaning {
  /// The language's own operators, sources and sinks, and the other libraries' names it takes
  /// with a warning (`switchMap` for `flatMapLatest`): the checker's table, not a second one.
  static let catalogue = Catalogue.standard

  /// The meaning of a stage of a checked pipeline; `sources` are the plugin sources' names.
  static func read(_ stage: Stage, bindings: Set<String>) -> Meaning {
    switch stage.kind {
    case .group(let pipeline): return .group(pipeline)
    case .invalid: return .untranslated(stage.text)
    case .operator(let op):
      let name = catalogue.aliases[op.name.text] ?? op.name.text
      if bindings.contains(name) { return .reference(name) }
      // The words and options as the compiler split them, by the options the entry declares.
      let (words, options) = op.split(optionNames: Set(catalogue.entries[name]?.options ?? []))
      return source(name, words) ?? transform(name, words, options) ?? combining(name, words)
        ?? errorHandling(name, words, options, op: op) ?? sink(name) ?? .plugin(name: name, arguments: words)
    }
  }

  private static func source(_ name: String, _ words: [Arg]) -> Meaning? {
    switch name {
    case "just": return words.first.map(Meaning.just)
    case "of": return .of(words)
    case "range":
      guard words.count == 2, let from = words[0].int, let count = words[1].int else { return nil }
      return .range(from: from, count: count)
    case "empty": return .empty
    case "never": return .never
    case "fail": return .fail(kind: words.first?.word ?? "error")
    case "timer":
      if case .expression(let expr) = words.first?.kind { return .timer(.computed(expr)) }
      return words.first?.seconds.map { .timer(.seconds($0)) }
    case "every": return words.first?.seconds.map { .every(seconds: $0) }
    case "cold":
      guard let first = words.first else { return nil }
      let diagrams = first.strings
      return .cold(diagrams: diagrams, values: words.dropFirst().first?.entries ?? [])
    case "hot":
      guard let diagram = words.first?.strings.first else { return nil }
      return .hot(diagram: diagram, values: words.dropFirst().first?.entries ?? [])
    case "changes": return words.first?.word.map { .changes(setting: $0) }
    case "input": return .input
    default: return nil
    }
  }

  private static func transform(_ name: String, _ words: [Arg], _ options: [StageOption]) -> Meaning? {
    let expr = words.lazy.compactMap(\.expression).first
    switch name {
    case "map": return expr.map(Meaning.map)
    case "filter": return expr.map(Meaning.filter)
    case "scan": return expr.map { .scan(seed: words[0], $0) }
    case "take":
      return words.first?.int.map(Meaning.take) ?? words.first?.duration.map { .takeFor(seconds: $0) }
    case "skip":
      return words.first?.int.map(Meaning.skip) ?? words.first?.duration.map { .skipFor(seconds: $0) }
    case "takeWhile": return expr.map(Meaning.takeWhile)
    case "distinct": return .distinct
    case "startWith": return words.first.map(Meaning.startWith)
    case "enumerate": return .enumerate
    case "buffer":
      guard let count = words.first?.int else { return nil }
      guard words.count > 1 else { return .buffer(count) }
      return words[1].seconds.map { .bufferTimed(count: count, seconds: $0) }
    case "delay": return words.first?.seconds.map { .delay(seconds: $0) }
    case "debounce": return words.first?.seconds.map { .debounce(seconds: $0) }
    case "throttle":
      guard let seconds = words.first?.seconds else { return nil }
      if case .literal(.bool(false))? = options.value("latest")?.kind {
        return .throttleFirst(seconds: seconds)
      }
      return .throttle(seconds: seconds)
    default: return nil
    }
  }

  private static func combining(_ name: String, _ words: [Arg]) -> Meaning? {
    let pipeline = words.lazy.compactMap(\.pipeline).first
    switch name {
    case "flatMap": return pipeline.map(Meaning.flatMap)
    case "concatMap": return pipeline.map(Meaning.concatMap)
    case "flatMapLatest": return pipeline.map(Meaning.flatMapLatest)
    case "merge": return pipeline.map(Meaning.merge)
    case "concat": return pipeline.map(Meaning.concat)
    case "zip": return pipeline.map(Meaning.zip)
    case "combineLatest": return pipeline.map(Meaning.combineLatest)
    case "share": return .share
    case "repeat": return .repeatCount(words.first?.int)
    default: return nil
    }
  }

  private static func errorHandling(
    _ name: String, _ words: [Arg], _ options: [StageOption], op: OperatorStage
  ) -> Meaning? {
    switch name {
    case "catch": return fallback(words).map(Meaning.catchFallback)
    case "catchAndReturn": return words.first.map(Meaning.catchAndReturn)
    case "throwIf":
      guard let expr = words.first?.expression else { return nil }
      return .throwIf(expr, kind: words.dropFirst().first?.word)
    case "mapError": return words.first?.expression.map(Meaning.mapError)
    case "materialize": return .materialize
    case "dematerialize": return .dematerialize
    case "onNext", "onError", "tap": return action(name, words)
    case "retry":
      // `retry when: STRATEGY`, the old spelling of `retryWhen STRATEGY`, as the compiler reads it.
      if let when = options.value("when") {
        return Strategy.read(when).map { .retryWhen($0, max: nil, on: nil) }
      }
      return .retry(attempts: words.first?.int)
    case "retryWhen":
      guard let first = words.first, let strategy = Strategy.read(first) else { return nil }
      let on = options.value("on").map { $0.list.compactMap(\.word) }
      return .retryWhen(strategy, max: options.value("max")?.int, on: on)
    case "timeout":
      guard let seconds = words.first?.seconds else { return nil }
      if let other = words.dropFirst().first?.pipeline { return .timeoutElse(seconds: seconds, other) }
      return .timeout(seconds: seconds)
    case "circuitBreaker":
      // Without an option, the compiler's own default.
      let defaults = Catalogue.circuitBreakerDefaults
      return .circuitBreaker(
        failures: options.value("failures")?.int ?? defaults.failures,
        resetSeconds: options.value("reset")?.seconds ?? defaults.reset.seconds)
    case "chaos": return .chaos(text: op.description)
    default: return nil
    }
  }

  private static func sink(_ name: String) -> Meaning? {
    Sink(rawValue: name).map(Meaning.sink)
  }

  private static func fallback(_ words: [Arg]) -> Fallback? {
    guard let first = words.first else { return nil }
    if let pipeline = first.pipeline { return .pipeline(pipeline) }
    switch first.word {
    case "cache": return .cache
    case "empty": return .empty
    case "ask": return .ask
    case "just": return words.dropFirst().first.map(Fallback.just)
    default: return nil
    }
  }

  private static func action(_ name: String, _ words: [Arg]) -> Meaning? {
    let event: ActionEvent = name == "onNext" ? .next : name == "onError" ? .error : .all
    switch words.first?.word {
    case "log": return .action(on: event, .log)
    case "say": return words.dropFirst().first?.expression.map { .action(on: event, .say($0)) }
    case "count": return words.dropFirst().first?.word.map { .action(on: event, .count($0)) }
    default: return nil
    }
  }

}

extension Strategy {
  /// The strategy an argument of `retryWhen` names; nil when there is none.
  static func read(_ arg: Arg) -> Strategy? {
    switch arg.kind {
    case .pipeline(let pipeline): return .general(pipeline)
    case .dict(let entries):
      let branches = entries.compactMap { entry -> (kind: String?, strategy: Strategy)? in
        guard let strategy = read(entry.value) else { return nil }
        switch entry.key {
        case .name(let kind), .string(let kind): return (kind, strategy)
        case .wildcard: return (nil, strategy)
        }
      }
      return .byKind(branches)
    case .name(let name): return named(name.text, [], arg)
    case .call(let call): return named(call.name.text, call.arguments, arg)
    default: return nil
    }
  }

  private static func named(_ name: String, _ arguments: [Arg], _ arg: Arg) -> Strategy? {
    switch name {
    case "until": return arguments.first?.word.map { .until(setting: $0) }
    case "online": return .online
    case "ask": return .ask
    case "never": return .never
    default: return compiled(arg).map { .delays(DelaySchedule($0)) }
    }
  }

  /// A timed strategy as the compiler resolves it, its defaults filled in (`exponential(1s,
  /// times: 5)` has factor 2 and max 30 s): the catalogue's reading of the argument the parser
  /// read, not a second one of it printed back to text.
  private static func compiled(_ arg: Arg) -> RetryStrategy? {
    Compiler(settings: Settings()).compileStrategy(arg).strategy?.schedule
  }
}

extension DelaySchedule {
  /// The waits of a strategy the compiler resolved.
  init(_ strategy: RetryStrategy) {
    let times = strategy.times
    switch strategy.shape {
    case .delays(let delays): self = .list(delays.map(\.seconds))
    case .constant(let delay): self = .constant(delay.seconds, times: times)
    case .linear(let delay): self = .linear(delay.seconds, times: times)
    case .exponential(let initial, let factor, let max, let jitter):
      self = .exponential(
        initial: initial.seconds, factor: factor, max: max.seconds, times: times,
        jitter: jitter == .none ? nil : jitter.rawValue)
    case .binaryExponential(let interval): self = .binaryExponential(interval.seconds, times: times)
    case .immediate: self = .immediate(times: times)
    }
  }
}
