import Operators

/// What a running pipeline reads from outside the language: the session's clock and its
/// services (settings, plugin sources, cache, output, ...), and the counts a run keeps.
///
/// One runtime serves a whole session (a script or a prompt's clock); every stage reads it
/// through its `Env` at subscription time, so a compiled pipeline can run again on another
/// clock. Everything but the counts is given when it is made; all of it lives on the loop.
public final class Runtime {
  public let scheduler: any Scheduler
  public let services: Services
  /// Where sinks write their lines: the services' output, every line redacted.
  public let output: any OutputStream
  /// The counters of `count NAME` actions.
  public var counters: [String: Int] = [:]
  /// How many times each graph node was subscribed. Only the loop touches it, and no access
  /// to it overlaps another: it is spared the exclusivity check, which would cost a
  /// sub-pipeline run per value (`ImmediatePipeline`) as much as the counting.
  @exclusivity(unchecked) public internal(set) var attempts = AttemptCounts()
  /// What pipelines share by name for the whole session: bulkheads and retry budgets
  /// (Runtime+Shared.swift).
  var shared: [String: AnyObject] = [:]

  public init(scheduler: any Scheduler, services: Services) {
    self.scheduler = scheduler
    self.services = services
    output = RedactedOutput(services.output, redactor: services.redactor)
  }

  public var settings: Settings { services.settings }
  public var cache: ValueCache { services.cache }
  public var sources: (any ExternalSources)? { services.sources }
  public var ask: (PipeError) -> AskAnswer { services.ask }
  public var redactor: Redactor { services.redactor }
  public var permissions: Permissions { services.permissions }

  /// Seeds every random choice (jitter, chaos): the `seed` setting, so `set seed 7` and
  /// `--seed 7` are one thing.
  public var seed: UInt64 { settings["seed"].intValue.map { UInt64(bitPattern: Int64($0)) } ?? 42 }
}

/// How many times each graph node was subscribed in a session. The compiler numbers a
/// session's nodes from 0, one after another, so the counts are an array by node: counting
/// is an index, not a hash, as it must be cheap for a sub-pipeline run per value, which counts
/// each of its stages every value.
public struct AttemptCounts {
  private var counts: [Int] = []

  /// The count of `node`; nil while it has not been subscribed.
  public subscript(node: Int) -> Int? {
    guard node < counts.count, counts[node] > 0 else { return nil }
    return counts[node]
  }

  /// Counts a subscription of `node`.
  mutating func count(_ node: Int) {
    if node >= counts.count { grow(to: node) }
    counts[node] += 1
  }

  /// Counts a subscription of each of `nodes`.
  mutating func count(_ nodes: [Int]) {
    for node in nodes where node >= counts.count || node < 0 { grow(to: node) }
    counts.withUnsafeMutableBufferPointer { counts in
      for node in nodes { counts[node] += 1 }
    }
  }

  private mutating func grow(to node: Int) {
    precondition(node >= 0, "graph nodes are numbered from 0")
    counts += repeatElement(0, count: Swift.max(node + 1, counts.count * 2) - counts.count)
  }
}
