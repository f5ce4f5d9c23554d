import Operators

/// The cures of issue 32 ("many clients, one service"): hedging, bulkheads, rate limits.
extension Catalogue {
  static var cureEntries: [CatalogueEntry] { [hedge, bulkhead] }

  static let hedge = CatalogueEntry(
    name: "hedge", role: .errors, signature: "hedge(after: D, max: 1)",
    doc: "Polly's hedging: subscribes upstream, and while nothing has answered, subscribes it "
      + "again `after` the latest attempt started, at most `max` times besides the first (1 to "
      + "10). The first attempt to answer (a value or a completion) wins; every other is disposed "
      + "at that moment. An error does not end the stream while another attempt can still "
      + "answer: it starts the next attempt at once (as Polly does with a failed outcome), and "
      + "once every attempt has failed the last error is let through. Cuts the tail latency of "
      + "a service that is sometimes slow, at the price of extra requests.",
    marble: Marble("---#", "hedge(after: 1ms, max: 2)", "-----#"),
    examples: [
      Example(
        "cold [\"5s (a|)\", \"1s (b|)\"] | hedge(after: 2s) | marbles",
        prints: """
                                          0s             1s            2s             3s
                                          ┬──────────────┬─────────────┬──────────────┬
          cold ["5s (a|)", "1s (b|)"]  1  ^───────────────────────────────────────────!
                                      ↻2                               ^──────────────(b|)
          hedge(after: 2s)                ^───────────────────────────────────────────(b|)
          ^ subscribe  (ab) same instant  | complete  ! dispose  ↻2 subscribed again
          """)
    ],
    options: ["after", "max"], arity: 0...0
  ) { context in
    guard
      let after = context.requiredOption("after", "D, how long an attempt goes unanswered before the next")
    else { return nil }
    guard let delay = context.read.duration(after) else { return nil }
    var hedged = 1
    if let option = context.option("max") {
      guard let arg = option.value, let value = context.read.integer(arg, atLeast: 1, atMost: 10)
      else { return nil }
      hedged = value
    }
    return .transform { upstream, env in
      upstream.hedge(after: delay, maxHedged: hedged, scheduler: env.runtime.scheduler)
    }
  }

  static let bulkhead = CatalogueEntry(
    name: "bulkhead", role: .errors, signature: "bulkhead(N, queue: 0) [NAME]",
    doc: "At most N subscriptions upstream at once, M more (`queue`) waiting in order for a "
      + "slot; one beyond that fails at once with bulkheadFull, without asking upstream. A slot "
      + "is freed when its subscription ends or is disposed. The bulkhead is shared by NAME by "
      + "every pipeline of the session (the first stage that names it sets N and M); without a "
      + "NAME, every unnamed bulkhead is one. Keeps one slow dependency from taking every "
      + "connection.",
    marble: Marble(
      "--a|", "bulkhead(1) | merge (cold \"-b|\" | bulkhead(1))", "#", values: "[\"#\": bulkheadFull]"),
    examples: [
      Example(
        """
        cold "2s (a|)" | bulkhead(1, queue: 1) db | show &
        cold "1s (b|)" | bulkhead(1, queue: 1) db | show &
        cold "1s (c|)" | bulkhead(1, queue: 1) db | catchAndReturn "refused" | show &
        """,
        prints: """
          refused
          a
          b
          """)
    ],
    options: ["queue"], arity: 1...2
  ) { context in
    guard let limit = context.read.integer(context.positional[0], atLeast: 1, atMost: 10_000) else {
      return nil
    }
    var queue = 0
    if let option = context.option("queue") {
      guard let arg = option.value, let value = context.read.integer(arg, atMost: 1_000_000) else {
        return nil
      }
      queue = value
    }
    var name = ""
    if let arg = context.argument(1) {
      guard let word = context.read.word(arg) else { return nil }
      name = word.text
    }
    return .transform { upstream, env in
      upstream.bulkhead(env.runtime.bulkhead(named: name, limit: limit, queue: queue))
    }
  }
}

extension StageContext {
  /// The value of an option the stage cannot do without, or nil after an error under the
  /// stage's name that shows how it is written.
  func requiredOption(_ name: String, _ what: String) -> Arg? {
    // An option written without a value was reported by `Compiler.checkOptions`.
    if let option = option(name) { return option.value }
    let signature = compiler.catalogue.entries[self.name.text]?.signature
    error(
      .missingOption, "'\(self.name.text)' needs \(name): \(what)", at: self.name.span,
      help: signature.map { "it is written \($0)" })
    return nil
  }
}
