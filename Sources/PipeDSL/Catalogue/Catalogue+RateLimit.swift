import Operators

/// `rateLimit(N per D) [NAME]`, the rate limiter of issue 32's cures.
extension Catalogue {
  static var rateLimitEntries: [CatalogueEntry] { [rateLimit] }

  static let rateLimit = CatalogueEntry(
    name: "rateLimit", role: .errors, signature: "rateLimit(N per D) [NAME]",
    doc: "resilience4j's rate limiter: time is cut into periods of D, counted from the first "
      + "subscription; each period starts with N tokens (what was left is not carried on) and "
      + "each subscription upstream takes one. A subscription that finds none fails at once, "
      + "without asking upstream, with rateLimited, whose retryAfter is the time until the next "
      + "period: retryWhen's waiting strategies wait at least that long. The limiter is shared "
      + "by NAME by every pipeline of the session and every copy of `clients` (the first stage "
      + "that names it sets the rate); without a NAME, every unnamed rate limit is one.",
    marble: Marble("a|", "rateLimit(1 per 1s) | repeat 2", "a#", values: "[\"#\": rateLimited]"),
    examples: [
      Example(
        "cold \"(a|)\" | rateLimit(2 per 1s) | repeat 3 | catch (just { [.kind, .retryAfter] }) | show",
        prints: """
          a
          a
          ["rateLimited", 1]
          """)
    ],
    arity: 1...2
  ) { context in
    guard let rate = context.read.rate(context.positional[0]) else { return nil }
    var name = ""
    if let arg = context.argument(1) {
      guard let word = context.read.word(arg) else { return nil }
      name = word.text
    }
    return .transform { upstream, env in
      let scheduler = env.runtime.scheduler
      return upstream.rateLimit(env.runtime.rateLimiter(named: name, rate: rate), scheduler: scheduler)
    }
  }
}

extension Runtime {
  /// The session's rate limiter called `name`, made with `rate` by the first stage that names
  /// it; every later stage of that name, in any pipeline or copy of `clients`, shares it.
  func rateLimiter(named name: String, rate: Rate) -> RateLimiter {
    shared("rateLimit " + name) { RateLimiter(rate) }
  }
}
