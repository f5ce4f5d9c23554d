import Operators

extension StrategyCatalogue {
  static var waitingStrategies: [StrategyEntry] { [until, online, ask, never] }

  static let until = StrategyEntry(
    name: "until", signature: "until(SETTING)",
    doc: "Waits until the setting changes to a non-empty value, then subscribes again: the way "
      + "to wait for an API key. Run it in the background (&) and `set` the key. A change made "
      + "while the failed attempt was in flight counts: it subscribes again at once.",
    examples: [
      Example("weather \"London\" | retryWhen until(weather.apiKey) | map { .city }", prints: "London")
    ], arity: 1...1
  ) { context in
    guard let key = context.readerContext.setting(context.positional[0]) else { return nil }
    return CompiledStrategy { env in
      let settings = env.runtime.settings
      // The value the failed attempt was made with: the first attempt's, then the one that
      // released each retry. A change made while the attempt was in flight retries at once.
      var triedWith = settings[key]
      return { _, _ in
        let now = settings[key]
        if now != triedWith && !now.isEmptyValue {
          triedWith = now
          return .just(.null)
        }
        return settings.changes(of: key).filter { !$0.isEmptyValue }.do(onNext: { _ in
          triedWith = settings[key]
        })
      }
    }
  }

  static let online = StrategyEntry(
    name: "online", signature: "online",
    doc: "Waits until the network is on again (`network on`), then subscribes again. If the "
      + "network is already on, waits one second, so a flaky service is not hammered.",
    examples: [Example("weather \"London\" | retryWhen online | map { .city }", prints: "London")],
    arity: 0...0
  ) { _ in
    CompiledStrategy { env in
      { _, _ in
        let settings = env.runtime.settings
        if settings["network"] != .string("off") {
          return Observable<Int>.timer(.seconds(1), scheduler: env.runtime.scheduler).map { _ in .null }
        }
        return settings.changes(of: "network").filter { $0 != .string("off") }
      }
    }
  }

  static let ask = StrategyEntry(
    name: "ask", signature: "ask",
    doc: "Asks the person `[r]etry, [d]efault value, [f]ail?` after each error; in a script, "
      + "the --answer option answers (fail by default). Here the default value ends the stream "
      + "quietly.",
    examples: [
      Example(
        "weather \"xyzzy\" | retryWhen ask",
        prints: """
          error: cityNotFound — city not found; :help weather lists the cities the simulator knows (at weather "xyzzy")
          """)
    ], arity: 0...0
  ) { _ in
    CompiledStrategy { env in
      { error, _ in
        switch env.runtime.ask(error) {
        case .retry: return .just(.null)
        case .fail: return .error(error)
        case .default: return .empty()
        }
      }
    }
  }

  static let never = StrategyEntry(
    name: "never", signature: "never",
    doc: "Never retries: the error is let through. Useful in a dict: `[cityNotFound: never, *: backoff(1)]`.",
    examples: [
      Example(
        "of(\"Paris\", \"xyzzy\") | concatMap (weather . | retryWhen [cityNotFound: never, *: backoff(1, 2)] | map { .city })",
        prints: """
          Paris
          error: cityNotFound — city not found; :help weather lists the cities the simulator knows (at weather . for "xyzzy")
          """)
    ], arity: 0...0
  ) { _ in CompiledStrategy { _ in { error, _ in .error(error) } } }
}

extension Value {
  /// null, an empty string or an empty list.
  var isEmptyValue: Bool {
    switch self {
    case .null: return true
    case .string(let text): return text.isEmpty
    case .list(let items): return items.isEmpty
    default: return false
    }
  }
}
