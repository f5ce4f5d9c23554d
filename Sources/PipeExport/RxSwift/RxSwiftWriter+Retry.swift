import PipeDSL

extension RxSwiftWriter {
  /// The book's form: `retry(when:)` over the enumerated errors, a timer per retry.
  /// With `on KINDS`, the helper `retry(on:when:)`: RxSwift's `retry(when:)` typed to those
  /// kinds, so another kind ends the stream at once without reaching the handler.
  func retryWhen(_ strategy: Strategy, max: Int?, on kinds: [String]?, into chain: inout Chain) {
    let open = kinds.map { ".retry(on: [\($0.map(dialect.string).joined(separator: ", "))], when: " }
    retryWhen(strategy, max: max, open: open ?? ".retry(when: ", into: &chain)
    // `never` writes no retry at all.
    if open != nil, !strategy.isNever { context.use("retryOn") }
  }

  /// `open` is how the call begins: `.retry(when: `, or the helper's with the kinds it retries.
  private func retryWhen(_ strategy: Strategy, max: Int?, open: String, into chain: inout Chain) {
    switch strategy {
    case .delays(let schedule):
      let count = Swift.min(schedule.count, max ?? .max)
      chain.add(
        "\(open){ errors in\n    errors.enumerated().flatMap { attempt, error -> Observable<Int> in\n"
          + "        guard attempt < \(count) else { throw error }\n"
          + "        return Observable<Int>.timer(error.honouringRetryAfter(\(delay(schedule))), scheduler: \(scheduler))\n    }\n})",
        comment: "each wait at least the error's retryAfter, as pipe's")
      context.use("retryAfter")
    case .general(let pipeline):
      var notifier = self.chain(pipeline, outer: "error", extraBindings: ["errors"], strategy: true).0
      notifier.head = "errors.enumerated().map { PipeError($1, attempt: $0 + 1) }"
      context.readErrorRecord()
      chain.add(
        "\(open){ (errors: Observable<Error>) in\n    \(Chain.indentLines(notifier.swift(), by: "    "))\n})"
      )
    case .never: chain.add("// retryWhen never: the error is let through")
    case .until(let setting):
      let name = CombineWriter.camelCase(setting)
      context.declare(
        "/// pipe's \(setting) setting, as a subject.\nlet \(name) = BehaviorSubject<String>(value: \"\")")
      chain.add(
        "\(open){ errors in\n    errors.flatMap { _ in \(name).skip(1).filter { !$0.isEmpty }.take(1) }\n})",
        comment: "until(\(setting)): wait for a new value")
    case .online:
      context.declare(
        "/// Whether the network is reachable: feed it from NWPathMonitor or Reachability.\nlet isOnline = BehaviorSubject<Bool>(value: true)"
      )
      chain.add(
        "\(open){ errors in\n    errors.flatMap { _ in isOnline.filter { $0 }.take(1) }\n})",
        comment: "pipe's online also waits 1 s when already online")
    case .ask:
      chain.add("// retryWhen ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    case .byKind(let branches): byKind(branches, max: max, open: open, into: &chain)
    }
  }

  /// The wait before retry `attempt + 1`, as an `RxTimeInterval`.
  func delay(_ schedule: DelaySchedule) -> String {
    CombineWriter(context: context, bindings: bindings).delay(
      schedule, k: "(attempt + 1)", index: "attempt", zero: ".milliseconds(0)")
  }

  /// The Swift expression of the counter an error counts in, as pipe's: its kind when a
  /// branch names it, else the one of `*`.
  static func kindKey(_ branches: [(kind: String?, strategy: Strategy)], dialect: CodeDialect) -> String {
    let listed = branches.compactMap(\.kind).map(dialect.string).joined(separator: ", ")
    return "[\(listed)].contains(error.kind) ? error.kind : \"*\""
  }

  private func byKind(
    _ branches: [(kind: String?, strategy: Strategy)], max: Int?, open: String, into chain: inout Chain
  ) {
    context.readErrorRecord()  // the switch on error.kind
    var cases: [String] = []
    for (kind, strategy) in branches {
      let label = kind.map { "case \(dialect.string($0)):" } ?? "default:"
      switch strategy {
      case .delays(let schedule):
        cases.append(
          "\(label)\n    guard attempt < \(schedule.count) else { throw error }\n    return Observable<Int>.timer(error.honouringRetryAfter(\(delay(schedule))), scheduler: \(scheduler))"
        )
        context.use("retryAfter")
      case .until(let setting):
        let name = CombineWriter.camelCase(setting)
        context.declare(
          "/// pipe's \(setting) setting, as a subject.\nlet \(name) = BehaviorSubject<String>(value: \"\")")
        cases.append("\(label)\n    return \(name).skip(1).filter { !$0.isEmpty }.take(1).map { _ in 0 }")
      case .online:
        context.declare(
          "/// Whether the network is reachable: feed it from NWPathMonitor or Reachability.\nlet isOnline = BehaviorSubject<Bool>(value: true)"
        )
        cases.append("\(label)\n    return isOnline.filter { $0 }.take(1).map { _ in 0 }")
      default: cases.append("\(label)\n    throw error")
      }
    }
    if !branches.contains(where: { $0.kind == nil }) { cases.append("default:\n    throw error") }
    let body = cases.map { "        " + Chain.indentLines($0, by: "        ") }.joined(separator: "\n")
    chain.add(
      "\(open){ errors -> Observable<Int> in\n    var attempts: [String: Int] = [:]\n"
        + "    return errors.flatMap { error -> Observable<Int> in\n"
        + "        let key = \(Self.kindKey(branches, dialect: dialect))\n"
        + "        let attempt = attempts[key, default: 0]\n        attempts[key] = attempt + 1\n"
        + "        switch error.kind {\n\(body)\n        }\n    }\(max.map { ".take(\($0))" } ?? "")\n})",
      comment: "a strategy per kind, each kind with its own count of attempts (unlisted kinds share *'s)")
  }
}
