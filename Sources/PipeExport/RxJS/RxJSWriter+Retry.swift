import PipeDSL

extension RxJSWriter {
  /// RxJS 7's `retry({ count, delay })` for the timed strategies, `retryWhen` for the general form.
  func retryWhen(_ strategy: Strategy, max: Int?, on kinds: [String]?) -> Chain.Link {
    switch strategy {
    case .delays(let schedule):
      let count = Swift.min(schedule.count, max ?? .max)
      var wait = use("timer") + "(\(delay(schedule)))"
      if let kinds {
        let list = kinds.map(dialect.string).joined(separator: ", ")
        wait = "([\(list)].includes(error.kind) ? \(wait) : \(use("throwError"))(() => error))"
      }
      return Chain.Link(use("retry") + "({ count: \(count), delay: (error, n) => \(wait) })")
    case .general(let pipeline):
      var notifier = chain(pipeline, outer: "e", extraBindings: ["errors"]).0
      notifier.links.insert(.init(use("map") + "((e, i) => withAttempt(e, i + 1))"), at: 0)
      context.use("withAttempt")
      return Chain.Link(
        use("retryWhen") + "((errors) =>\n  " + Chain.indentLines(notifier.javascript(indent: ""), by: "  ")
          + "\n)",
        comment: "deprecated in RxJS 7; it completes at once when the notifier completes")
    case .never: return Chain.Link("// retryWhen never: the error is let through")
    case .until(let setting):
      let name = subject(setting)
      return Chain.Link(
        use("retry")
          + "({ delay: () => \(name).pipe(\(use("skip"))(1), \(use("filter"))((k) => k !== ''), \(use("take"))(1)) })"
      )
    case .online:
      context.declare(
        "/** Whether the network is reachable: feed it from the online/offline events. */\nconst online$ = new \(use("BehaviorSubject"))(true);"
      )
      return Chain.Link(
        use("retry") + "({ delay: () => online$.pipe(\(use("filter"))(Boolean), \(use("take"))(1)) })",
        comment: "pipe's online also waits 1 s when already online")
    case .ask:
      return Chain.Link(
        "// retryWhen ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    case .byKind(let branches):
      return Chain.Link(byKind(branches, max: max), comment: "a strategy per kind; n counts every failure")
    }
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

  private func byKind(_ branches: [(kind: String?, strategy: Strategy)], max: Int?) -> String {
    var cases: [String] = []
    for (kind, strategy) in branches {
      let label = kind.map { "case \(dialect.string($0)):" } ?? "default:"
      switch strategy {
      case .delays(let schedule):
        cases.append(
          "\(label)\n  return n <= \(schedule.count) ? \(use("timer"))(\(delay(schedule))) : \(use("throwError"))(() => error);"
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
    return
      "\(use("retry"))({\n  \(count)delay: (error, n) => {\n    switch (error.kind) {\n\(body)\n    }\n  },\n})"
  }
}
