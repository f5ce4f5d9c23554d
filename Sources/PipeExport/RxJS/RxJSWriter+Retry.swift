import PipeDSL

extension RxJSWriter {
  /// RxJS 7's `retry({ count, delay })` for the timed strategies (each wait at least the
  /// error's `retryAfter`), the helper `retryWhenToEnd` for the general form (RxSwift's
  /// `retryWhen`). With `on KINDS`, another kind ends the stream at once without reaching the
  /// strategy: `retry`'s `delay` lets it through, the general form is the helper `retryWhenOn`.
  func retryWhen(_ strategy: Strategy, max: Int?, on kinds: [String]?) -> Chain.Link {
    let list = kinds.map { "[" + $0.map(dialect.string).joined(separator: ", ") + "]" }
    /// A delay notifier `wait` that lets the other kinds through.
    func typed(_ wait: String) -> String {
      if list != nil { context.use(Self.pipeError) }
      return list.map { "(\($0).includes(error.kind) ? \(wait) : \(use("throwError"))(() => error))" } ?? wait
    }
    switch strategy {
    case .delays(let schedule):
      let count = Swift.min(schedule.count, max ?? .max)
      let wait = typed(use("timer") + "(\(honouringRetryAfter(delay(schedule))))")
      return Chain.Link(use("retry") + "({ count: \(count), delay: (error, n) => \(wait) })")
    case .general(let pipeline):
      var notifier = chain(pipeline, outer: "e", extraBindings: ["errors"]).0
      notifier.links.insert(.init(use("map") + "((e, i) => withAttempt(e, i + 1))"), at: 0)
      context.use("withAttempt")
      let handler = "(errors) =>\n  " + Chain.indentLines(notifier.javascript(indent: ""), by: "  ") + "\n"
      if let list {
        context.use("retryWhenOn")
        _ = retryWhenToEnd()
        for name in ["Observable", "EMPTY", "catchError", "throwError"] { _ = use(name) }
        return Chain.Link(
          "retryWhenOn(\(list), " + handler + ")", comment: "retryWhen's notifier never sees the other kinds")
      }
      return Chain.Link(retryWhenToEnd() + "(" + handler + ")")
    case .never: return Chain.Link("// retryWhen never: the error is let through")
    case .until(let setting):
      let name = subject(setting)
      let wait = typed(
        "\(name).pipe(\(use("skip"))(1), \(use("filter"))((k) => k !== ''), \(use("take"))(1))")
      return Chain.Link(use("retry") + "({ delay: (error) => \(wait) })")
    case .online:
      context.declare(
        "/** Whether the network is reachable: feed it from the online/offline events. */\nconst online$ = new \(use("BehaviorSubject"))(true);"
      )
      let wait = typed("online$.pipe(\(use("filter"))(Boolean), \(use("take"))(1))")
      return Chain.Link(
        use("retry") + "({ delay: (error) => \(wait) })",
        comment: "pipe's online also waits 1 s when already online")
    case .ask:
      return Chain.Link(
        "// retryWhen ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    case .byKind(let branches):
      return Chain.Link(
        byKind(branches, max: max, only: list), comment: "a strategy per kind, each kind with its own count")
    }
  }

  /// The helper `retryWhenToEnd` (RxJS's `retryWhen` ends the result as soon as the notifier
  /// completes; RxSwift's, and pipe, at the source's next error).
  private func retryWhenToEnd() -> String {
    context.use("retryWhenToEnd")
    for name in ["Observable", "Subject", "Subscription", "MonoTypeOperatorFunction"] { _ = use(name) }
    return "retryWhenToEnd"
  }

  /// The wait `ms` of a delay strategy, at least the error's `retryAfter` as in pipe (unless
  /// the script said `set retryAfter off`).
  private func honouringRetryAfter(_ ms: String) -> String {
    guard context.honoursRetryAfter else { return ms }
    context.use("atLeastRetryAfter")
    return "atLeastRetryAfter(error, \(ms))"
  }

  private func subject(_ setting: String) -> String {
    let name = CombineWriter.camelCase(setting) + "$"
    context.declare(
      "/** pipe's \(setting) setting, as a subject. */\nconst \(name) = new \(use("BehaviorSubject"))<string>('');"
    )
    return name
  }

  /// The wait before retry `n` (from 1), in milliseconds.
  func delay(_ schedule: DelaySchedule) -> String {
    switch schedule {
    case .list(let delays): return "[\(delays.map(ms).joined(separator: ", "))][n - 1]"
    case .constant(let seconds, _): return ms(seconds)
    case .linear(let seconds, _): return "\(ms(seconds)) * n"
    case .binaryExponential(let seconds, _): return "\(ms(seconds)) * 2 ** n"
    case .exponential(let initial, let factor, let max, _, let jitter):
      let base = "Math.min(\(ms(initial)) * \(dialect.seconds(factor)) ** (n - 1), \(ms(max)))"
      return jitter.map { base + " /* pipe spreads it by \($0) jitter */" } ?? base
    case .immediate: return "0"
    }
  }

  private func byKind(_ branches: [(kind: String?, strategy: Strategy)], max: Int?, only: String?) -> String {
    var cases: [String] = []
    for (kind, strategy) in branches {
      let label = kind.map { "case \(dialect.string($0)):" } ?? "default:"
      switch strategy {
      case .delays(let schedule):
        cases.append(
          "\(label)\n  return n <= \(schedule.count) ? \(use("timer"))(\(honouringRetryAfter(delay(schedule)))) : \(use("throwError"))(() => error);"
        )
      case .until(let setting):
        cases.append(
          "\(label)\n  return \(subject(setting)).pipe(\(use("skip"))(1), \(use("filter"))((k) => k !== ''), \(use("take"))(1));"
        )
      default: cases.append("\(label)\n  return \(use("throwError"))(() => error);")
      }
    }
    if !branches.contains(where: { $0.kind == nil }) {
      cases.append("default:\n  return \(use("throwError"))(() => error);")
    }
    let body = cases.map { "    " + Chain.indentLines($0, by: "    ") }.joined(separator: "\n")
    let count = max.map { "count: \($0), " } ?? ""
    let listed = branches.compactMap(\.kind).map(dialect.string).joined(separator: ", ")
    context.use(Self.pipeError)  // the switch on error.kind
    // Each kind counts its own attempts, as pipe's (unlisted kinds share *'s): one map of
    // counts per subscription, made in a defer.
    return
      "(source) => \(use("defer"))(() => {\n  const attempts = new Map();\n  return source.pipe(\(use("retry"))({\n"
      + "  \(count)delay: (error) => {\n"
      + (only.map { "    if (!\($0).includes(error.kind)) return \(use("throwError"))(() => error);\n" } ?? "")
      + "    const key = [\(listed)].includes(error.kind) ? error.kind : '*';\n"
      + "    const n = (attempts.get(key) ?? 0) + 1;\n    attempts.set(key, n);\n"
      + "    switch (error.kind) {\n\(body)\n    }\n  },\n}));\n})"
  }
}
