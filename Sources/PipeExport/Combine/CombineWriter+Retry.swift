import PipeDSL

extension CombineWriter {
  /// `retryWhen STRATEGY [max N] [on KINDS]`: Combine has no retryWhen, so a helper.
  /// `on KINDS`: the helpers' `when:` and `on:`, so another kind fails the result at once
  /// without reaching the strategy, as RxSwift's `retry(when:)` typed to an error.
  func retryWhen(_ strategy: Strategy, max: Int?, on kinds: [String]?, into chain: inout Chain) {
    let list = kinds.map { "[" + $0.map(dialect.string).joined(separator: ", ") + "]" }
    if list != nil { context.readErrorRecord() }  // `when:` reads the error's kind
    retryWhen(
      strategy, max: max, when: list.map { "when: { \($0).contains($0.kind) }, " } ?? "",
      open: list.map { ".retryWhen(on: \($0)) {" } ?? ".retryWhen {", into: &chain)
  }

  /// `open` is how the helper's call begins: `.retryWhen {`, or with the kinds it retries.
  private func retryWhen(_ strategy: Strategy, max: Int?, when: String, open: String, into chain: inout Chain)
  {
    switch strategy {
    case .delays(let schedule):
      context.use(CombineHelper.retryDelays.rawValue)
      let count = Swift.min(schedule.count, max ?? .max)
      chain.add(
        ".retry(\(count), \(when)delay: { k in \(delay(schedule)) }, scheduler: scheduler)",
        comment: "each wait at least the error's retryAfter, as pipe's")
    case .general(let pipeline):
      context.use(CombineHelper.retryWhen.rawValue)
      let body = context.nested("errors") { _ in
        self.chain(pipeline, outer: "error", extraBindings: ["errors"], strategy: true).0.swift(indent: "")
      }
      chain.add("\(open) errors in\n    \(Chain.indentLines(body, by: "    "))\n}")
    case .never: chain.add("// retryWhen never: the error is let through")
    case .until(let setting):
      context.use(CombineHelper.retryWhen.rawValue)
      chain.add(
        "\(open) errors in\n    errors.flatMap { _ in \(waitForSetting(setting)).setFailureType(to: Error.self) }\n}",
        comment: "until(\(setting)): wait for a new value")
    case .online:
      context.use(CombineHelper.retryWhen.rawValue)
      chain.add(
        "\(open) errors in\n    errors.flatMap { _ in \(waitForNetwork()).setFailureType(to: Error.self) }\n}",
        comment: "pipe's online also waits 1 s when already online")
    case .ask:
      chain.add("// retryWhen ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    case .byKind(let branches): byKind(branches, max: max, open: open, into: &chain)
    }
  }

  /// The wait after the k-th failure, as a stride expression of `k` (whose list index is `index`).
  /// `zero` is no wait in the library's interval type (RxSwift's `RxTimeInterval` has no `.zero`).
  func delay(_ schedule: DelaySchedule, k: String = "k", index: String = "k - 1", zero: String = ".zero")
    -> String
  {
    switch schedule {
    case .list(let delays):
      if delays.allSatisfy({ $0 == $0.rounded() }) {
        return ".seconds([\(delays.map { String(Int($0)) }.joined(separator: ", "))][\(index)])"
      }
      return ".milliseconds([\(delays.map { String(Int($0 * 1000)) }.joined(separator: ", "))][\(index)])"
    case .constant(let seconds, _): return stride(seconds)
    case .linear(let seconds, _): return ".milliseconds(\(Int(seconds * 1000)) * \(k))"
    case .binaryExponential(let seconds, _): return ".milliseconds(\(Int(seconds * 1000)) << \(k))"
    case .exponential(let initial, let factor, let max, _, let jitter):
      let base =
        ".milliseconds(Int(min(\(initial * 1000) * pow(\(factor), Double(\(index))), \(max * 1000))))"
      return jitter == nil ? base : base + " /* pipe spreads it by \(jitter!) jitter */"
    case .immediate: return zero
    }
  }

  /// `[kind: strategy, *: strategy]`: a timed strategy per kind; other strategies are noted.
  private func byKind(
    _ branches: [(kind: String?, strategy: Strategy)], max: Int?, open: String, into chain: inout Chain
  ) {
    context.use(CombineHelper.retryWhen.rawValue)
    context.readErrorRecord()  // the switch on error.kind
    var cases: [String] = []
    for (kind, strategy) in branches {
      let label = kind.map { "case \(dialect.string($0)):" } ?? "default:"
      switch strategy {
      case .delays(let schedule):
        context.use(CombineHelper.retryAfter.rawValue)
        let wait = delay(schedule, k: "attempt", index: "attempt - 1")
        cases.append(
          "\(label) return attempt <= \(schedule.count) ? Just(0).delay(for: error.honouringRetryAfter(\(wait)), scheduler: scheduler).setFailureType(to: Error.self).eraseToAnyPublisher() : Fail(error: error).eraseToAnyPublisher()"
        )
      case .until(let setting):
        cases.append(
          "\(label) return \(waitForSetting(setting)).map { _ in 0 }.setFailureType(to: Error.self).eraseToAnyPublisher()"
        )
      case .online:
        cases.append(
          "\(label) return \(waitForNetwork()).map { _ in 0 }.setFailureType(to: Error.self).eraseToAnyPublisher()"
        )
      default:
        // never; ExportCheck refuses the others.
        cases.append("\(label) return Fail(error: error).eraseToAnyPublisher()")
      }
    }
    if !branches.contains(where: { $0.kind == nil }) {
      cases.append("default: return Fail(error: error).eraseToAnyPublisher()")
    }
    let body = cases.map { "        " + $0 }.joined(separator: "\n")
    chain.add(
      "\(open) errors -> AnyPublisher<Int, Error> in\n    var attempts: [String: Int] = [:]\n"
        + "    return errors.flatMap { error -> AnyPublisher<Int, Error> in\n"
        + "        let key = \(RxSwiftWriter.kindKey(branches, dialect: dialect))\n"
        + "        attempts[key, default: 0] += 1\n        let attempt = attempts[key]!\n"
        + "        switch error.kind {\n\(body)\n        }\n    }\(max.map { ".prefix(\($0))" } ?? "").eraseToAnyPublisher()\n}",
      comment: "a strategy per kind, each kind with its own count of attempts (unlisted kinds share *'s)")
  }

  /// The next non-empty value of a setting, declared as a `@Published` property.
  private func waitForSetting(_ setting: String) -> String {
    let property = Self.camelCase(setting)
    context.declare(
      "/// The settings the pipeline watches, as `@Published` properties.\nfinal class Settings: ObservableObject {\n    @Published var \(property) = \"\"\n}\n\nlet settings = Settings()"
    )
    return "settings.$\(property).dropFirst().first { !$0.isEmpty }"
  }

  /// The network's next being reachable, declared as a subject to feed.
  private func waitForNetwork() -> String {
    context.declare(
      "/// Whether the network is reachable: feed it from NWPathMonitor.\nlet isOnline = CurrentValueSubject<Bool, Never>(true)"
    )
    return "isOnline.first { $0 }"
  }
}
