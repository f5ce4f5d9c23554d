import Operators

extension Catalogue {
  /// `clients`: many copies of a pipeline against one shared simulated service.
  static var fleetEntries: [CatalogueEntry] { [clients] }

  /// The most copies one `clients` runs (each holds its own subscription and counters).
  static let maxClients = 100_000

  static let clients = CatalogueEntry(
    name: "clients", role: .source,
    signature: "clients N (PIPELINE) [over D] [seed S] [outage D] [capacity N] [slow D slowShare F]",
    doc: "Runs N copies of PIPELINE together on one clock, each started at a seeded moment within "
      + "`over` (0 by default: all at once), against one shared simulated service per source kind: "
      + "`weather` and `airquality` inside are the simulators run in pipe itself, not one plugin "
      + "per copy, and each copy's attempts walk the `*.faults` plan on their own. The service is "
      + "down (503) from the start until `outage`, and answers 503 with Retry-After 1 to the "
      + "attempts beyond `capacity` in one second. With `slow D slowShare F`, a seeded share F of the "
      + "attempts it serves (0.05: one in twenty) take D to answer instead of 200-400 ms. "
      + "When every copy has ended it emits one "
      + "summary: requests (the copies), attempts (that reached the service), amplification "
      + "(attempts ÷ requests), successes, failures by kind, the copies' p50 and p99 latency "
      + "in ms, peak (the most attempts in one second), retryPeak (the most retries in one second), "
      + "peakAfterOutage (the most attempts in one second once the outage is over: the herd that "
      + "meets the service when it comes back), refused (the attempts refused for capacity) and load "
      + "(firstTries and retries, lists of the attempts in each second, with the outage in ms and "
      + "the capacity when given), which `| plot` draws. "
      + "The copies share the statement: a named `let` stream, and state kept per statement, is one for all. A copy that never "
      + "ends holds the summary back: give it a timeout. The same seed gives the same summary.",
    examples: [
      Example(
        #"clients 100 (weather "London" | retry 3) over 1s outage 500ms"#,
        prints: """
          {requests: 100, attempts: 166, amplification: 1.66, successes: 100, failures: {}, p50: 380, p99: 954, \
          peak: 166, retryPeak: 66, peakAfterOutage: 0, refused: 0, load: {firstTries: [100], retries: [66], \
          outage: 500}}
          """)
    ],
    options: ["over", "seed", "outage", "capacity", "slow", "slowShare"], arity: 2...2
  ) { context in
    guard let count = context.read.integer(context.positional[0], atLeast: 1, atMost: maxClients) else {
      return nil
    }
    var plan = ClientsPlan(count: count)
    if let option = context.option("over") {
      guard let arg = option.value, let over = context.read.duration(arg) else { return nil }
      plan.over = over
    }
    if let option = context.option("seed") {
      guard let arg = option.value, let seed = context.read.integer(arg) else { return nil }
      plan.seed = UInt64(seed)
    }
    if let option = context.option("outage") {
      guard let arg = option.value, let outage = context.read.duration(arg) else { return nil }
      plan.limits.outageEnd = outage
    }
    if let option = context.option("capacity") {
      guard let arg = option.value, let capacity = context.read.integer(arg, atLeast: 1) else { return nil }
      plan.limits.capacity = capacity
    }
    guard readSlow(context, into: &plan.limits) else { return nil }
    if context.compiler.clientsDepth > 0 {
      // Each outer copy would run N of its own: 1000 inside 1000 is a million copies.
      context.report(.nestedClients(at: context.name.span, count: count))
      return nil
    }
    context.compiler.clientsDepth += 1
    defer { context.compiler.clientsDepth -= 1 }
    guard let inner = context.read.pipeline(context.positional[1], parent: context.node) else { return nil }
    return .source { env, _ in
      Observable(unsafe: { observer in
        let run = ClientsRun(plan: plan, inner: inner, env: env, observer: observer)
        run.start()
        return run
      })
    }
  }

  /// Reads `slow D slowShare F`: both or neither; F from 0 to 1.
  private static func readSlow(_ context: StageContext, into limits: inout ServiceLoadLimits) -> Bool {
    let slow = context.option("slow")
    let share = context.option("slowShare")
    guard slow != nil || share != nil else { return true }
    guard let slow, let share else {
      let given = (slow ?? share)!
      context.error(
        .missingOption, "'clients' needs both slow D (how long a slow answer takes) and slowShare F",
        at: given.span, help: "write slow 5s slowShare 0.05: one served attempt in twenty takes 5 s")
      return false
    }
    guard let durationArg = slow.value, let duration = context.read.duration(durationArg),
      let shareArg = share.value, let fraction = context.read.number(shareArg)
    else { return false }
    guard (0...1).contains(fraction) else {
      context.error(
        .missingValue, "slowShare is a share of the attempts, from 0 to 1", at: shareArg.span,
        help: "0.05 is one attempt in twenty")
      return false
    }
    limits.slow = duration
    limits.slowShare = fraction
    return true
  }
}
