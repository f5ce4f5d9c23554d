import Operators
import SplitMix

/// What `clients N (PIPELINE)` was asked for: how many copies, when they start, and the
/// services they share.
struct ClientsPlan {
  var count: Int
  /// The copies start spread uniformly over this window (seeded); zero starts them together.
  var over: Time = .zero
  /// The seed of the starts, faults and latencies; the `seed` setting when not given.
  var seed: UInt64?
  var limits = ServiceLoadLimits()
}

/// One run of `clients`: subscribes each copy of the pipeline at its start, on the one clock,
/// against one shared service per source kind, and when the last copy has ended emits the
/// summary and completes. Disposing it disposes every copy and every start not yet due.
final class ClientsRun: Disposable {
  private let plan: ClientsPlan
  private let inner: CompiledPipeline
  private let env: Env
  private let observer: Observer<Value>
  private let services: FleetServices
  private let started: Time
  private var copies: [any Disposable] = []
  private var latencies: [Time] = []
  private var successes = 0
  private var failures: [String: Int] = [:]
  private var ended = 0
  private var disposed = false

  init(plan: ClientsPlan, inner: CompiledPipeline, env: Env, observer: Observer<Value>) {
    self.plan = plan
    self.inner = inner
    self.env = env
    self.observer = observer
    let seed = plan.seed ?? env.runtime.seed
    services = FleetServices(
      scheduler: env.runtime.scheduler, limits: plan.limits, settings: env.runtime.settings, seed: seed)
    started = env.runtime.scheduler.now
    latencies.reserveCapacity(plan.count)
    copies.reserveCapacity(plan.count)
  }

  /// The copies' starts, in the order of their numbers: uniform over `over`, whole milliseconds.
  static func starts(_ plan: ClientsPlan, seed: UInt64) -> [Time] {
    let window = Int(plan.over.nanoseconds / 1_000_000)
    guard window > 0 else { return Array(repeating: .zero, count: plan.count) }
    var random = SeededRandom(seed: seed, salts: ["clients start"])
    return (0..<plan.count).map { _ in .milliseconds(Int64(random.int(in: 0...(window - 1)))) }
  }

  func start() {
    let scheduler = env.runtime.scheduler
    for (index, offset) in Self.starts(plan, seed: services.seed).enumerated() {
      if offset == .zero {
        startCopy(index)
      } else {
        copies.append(scheduler.schedule(after: offset) { [weak self] in self?.startCopy(index) })
      }
      if disposed { return }
    }
  }

  private func startCopy(_ index: Int) {
    guard !disposed else { return }
    var copyEnv = env.withNewScope()
    // The copies run untraced: a diagram of ten thousand lanes says nothing. The stage that
    // holds them is traced, and so is its summary.
    copyEnv.tracer = nil
    copyEnv.fleet = FleetClient(services: services, index: index)
    let begun = env.runtime.scheduler.now
    let copy = inner.build(copyEnv).subscribe(
      Observer { [weak self] event in
        guard let self else { return }
        switch event {
        case .next: return
        case .completed: self.end(since: begun, failure: nil)
        case .error(let error): self.end(since: begun, failure: PipeError.from(error).kind)
        }
      })
    copies.append(copy)
  }

  private func end(since begun: Time, failure: String?) {
    latencies.append(env.runtime.scheduler.now - begun)
    if let failure { failures[failure, default: 0] += 1 } else { successes += 1 }
    ended += 1
    guard ended == plan.count, !disposed else { return }
    observer.on(.next(summary))
    observer.on(.completed)
  }

  /// requests, attempts, amplification, successes, failures by kind, p50 and p99 (ms), peak,
  /// retryPeak, peakAfterOutage, refused, and the load second by second (`FleetServices.load`).
  var summary: Value {
    let attempts = services.attempts
    let sorted = latencies.sorted()
    func percentile(_ share: Double) -> Value {
      guard !sorted.isEmpty else { return .null }
      let rank = max(Int((share * Double(sorted.count)).rounded(.up)), 1)
      return .int(Int(sorted[rank - 1].milliseconds.rounded()))
    }
    let amplification = (Double(attempts) / Double(max(plan.count, 1)) * 100).rounded() / 100
    let failed = Record(failures.sorted { $0.key < $1.key }.map { ($0.key, Value.int($0.value)) })
    return .record([
      "requests": .int(plan.count), "attempts": .int(attempts), "amplification": .double(amplification),
      "successes": .int(successes), "failures": .record(failed), "p50": percentile(0.5),
      "p99": percentile(0.99), "peak": .int(services.peak), "retryPeak": .int(services.retryPeak),
      "peakAfterOutage": .int(services.peakAfterOutage), "refused": .int(services.refused),
      "load": services.load,
    ])
  }

  func dispose() {
    guard !disposed else { return }
    disposed = true
    let all = copies
    copies = []
    for copy in all { copy.dispose() }
  }
}
