/// Records every subscribe, event and dispose of every traced node, with its time.
///
/// The diagrams are drawn from these records. A node is traced by inserting `traced(...)`
/// after it when the graph is built; when tracing is off nothing is inserted, so it costs
/// nothing.
///
///     let tracer = Tracer(clock: scheduler)
///     Observable.just(1).traced(node: 0, by: tracer).subscribe()
///     tracer.records.map(\.kind)  // [subscribe, next(1), completed, dispose]
public final class Tracer {
  /// What happened at a node.
  public enum Kind: CustomStringConvertible {
    case subscribe
    case next(Any)
    case error(any Error)
    case completed
    case dispose

    public var description: String {
      switch self {
      case .subscribe: return "subscribe"
      case .next(let value): return "next(\(value))"
      case .error(let error): return "error(\(error))"
      case .completed: return "completed"
      case .dispose: return "dispose"
      }
    }
  }

  /// One recorded happening.
  public struct Record: CustomStringConvertible {
    /// The node's id in the graph.
    public var node: Int
    /// The subscription number at that node, from 1; each resubscription is a new one.
    public var subscription: Int
    /// The scheduler's time.
    public var time: Time
    public var kind: Kind

    public var description: String { "\(time) node \(node) #\(subscription) \(kind)" }
  }

  /// The clock the times are read from.
  public let clock: any Scheduler
  // The tracer is used on the loop only, a record at a time: its stored properties are
  // spared the run-time exclusivity checks (four per record, a third of `record`'s cost).
  @exclusivity(unchecked) public private(set) var records: [Record] = []
  @exclusivity(unchecked) private var subscriptionCounts: [Int: Int] = [:]
  /// What the layer above says started each subscription (the element a flatMap's
  /// sub-pipeline runs for, say), by node and subscription number.
  public private(set) var origins: [Int: [Int: Any]] = [:]
  /// Called after every record, for live views.
  @exclusivity(unchecked) public var onRecord: ((Record) -> Void)?

  public init(clock: any Scheduler) { self.clock = clock }

  /// Starts a new subscription at `node` and returns its number.
  public func beginSubscription(node: Int) -> Int {
    let number = (subscriptionCounts[node] ?? 0) + 1
    subscriptionCounts[node] = number
    record(node: node, subscription: number, .subscribe)
    return number
  }

  /// How many times `node` was subscribed.
  public func subscriptionCount(node: Int) -> Int { subscriptionCounts[node] ?? 0 }

  /// Notes what started the subscription of `node` that began last.
  public func noteOrigin(_ origin: Any, node: Int) {
    origins[node, default: [:]][subscriptionCount(node: node)] = origin
  }

  /// The records the tracer keeps at most; past them it records nothing more and calls
  /// `onFull` once.
  @exclusivity(unchecked) public var recordLimit = Int.max
  /// Called once when `recordLimit` is passed.
  @exclusivity(unchecked) public var onFull: (() -> Void)?

  public func record(node: Int, subscription: Int, _ kind: Kind) {
    guard records.count < recordLimit else {
      let full = onFull
      onFull = nil
      full?()
      return
    }
    let entry = Record(node: node, subscription: subscription, time: clock.now, kind: kind)
    records.append(entry)
    onRecord?(entry)
  }

  /// Forgets every record and count.
  public func reset() {
    records.removeAll()
    subscriptionCounts.removeAll()
    origins.removeAll()
  }
}

extension Observable {
  /// Records this observable's subscriptions and events at `node` in `tracer`.
  ///
  /// A dispose is recorded when the subscription ends, whether by a stop event or by the
  /// subscriber disposing it.
  public func traced(node: Int, by tracer: Tracer) -> Observable<Element> {
    let source = self
    return Observable(unsafe: { observer in
      let sink = TraceSink(observer: observer, tracer: tracer, node: node)
      sink.setUpstream(source.subscribeNested(Observer(lifetime: sink) { sink.on($0) }))
      return sink
    })
  }
}

final class TraceSink<Element>: Sink<Element> {
  let tracer: Tracer
  let node: Int
  let subscription: Int

  init(observer: Observer<Element>, tracer: Tracer, node: Int) {
    self.tracer = tracer
    self.node = node
    self.subscription = tracer.beginSubscription(node: node)
    super.init(observer: observer)
  }

  func on(_ event: Event<Element>) {
    // Tracing changes nothing: an event that comes after this subscription was disposed is
    // passed on unrecorded, as an untraced run passes it. A subject ends every subscriber it
    // had when its end began, one disposed meanwhile too (RxSwift's does the same): `catch`
    // then subscribes its fallback, into nothing, traced as untraced.
    guard !disposed else { return observer.on(event) }
    // Once everything downstream has ended, a source subscribed after the end (RxSwift's
    // `startWith` and `zip` do that) emits into nothing: not recorded, but still passed on
    // as an untraced run would, so the operator that subscribed it hears its end as in
    // RxSwift (`merge` makes no further subscription after an error).
    guard !observer.isDisposed else {
      if case .next = event { forward(event) } else { forwardStop(event) }
      return
    }
    switch event {
    case .next(let value):
      tracer.record(node: node, subscription: subscription, .next(value))
      forward(event)
    case .error(let error):
      tracer.record(node: node, subscription: subscription, .error(error))
      forwardStop(event)
    case .completed:
      tracer.record(node: node, subscription: subscription, .completed)
      forwardStop(event)
    }
  }

  override func disposeResources() {
    tracer.record(node: node, subscription: subscription, .dispose)
  }
}
