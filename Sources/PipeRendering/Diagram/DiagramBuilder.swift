import Operators
import PipeDSL

/// Builds a `Diagram` from what the tracer recorded during a run and the statement's graph.
///
/// Lanes follow the graph: the statement's stages in order, source first, each followed by
/// the stages nested in it (a flatMap's inner pipeline, a catch's fallback). A stage gets a
/// lane per subscription, so every resubscription of a retry is a row of its own; a stage
/// subscribed very often keeps its first and last rows and notes how many were left out.
/// Inside a sub-pipeline that runs per value (a flatMap's), each value's rows come together,
/// its resubscriptions right after its first row.
public struct DiagramBuilder {
  public var graph: Graph
  public var records: [Tracer.Record]
  /// Which value's sub-pipeline each subscription belongs to, by node and subscription
  /// (`Tracer.subscriptionOrigins`).
  public var origins: [Int: [Int: SubscriptionOrigin]] = [:]
  /// The scheduler's time when the run was subscribed.
  public var start: Time
  /// The scheduler's time the diagram is drawn at (the run's end, or now while it runs).
  public var end: Time
  public var title: String
  /// The most rows one stage gets before some are left out.
  public var maxRowsPerStage = 8
  /// Marks subscriptions still open at `end` as disposed then: the run was stopped.
  public var closesOpenLanes = false

  public init(graph: Graph, records: [Tracer.Record], start: Time, end: Time, title: String) {
    self.graph = graph
    self.records = records
    self.start = start
    self.end = end
    self.title = title
  }

  public func build() -> Diagram {
    var errors = ErrorLegend()
    var byNode: [Int: [Int: [Mark]]] = [:]
    for record in records {
      let mark: Mark.Kind
      switch record.kind {
      case .subscribe: mark = .subscribed
      case .next(let value): mark = .value(value as? Value ?? .string("\(value)"))
      case .error(let error): mark = .error(errors.add(PipeError.from(error)))
      case .completed: mark = .completed
      case .dispose: mark = .disposed
      }
      byNode[record.node, default: [:]][record.subscription, default: []].append(
        Mark(max(.zero, record.time - start), mark))
    }
    var lanes: [Lane] = []
    addLanes(under: nil, depth: 0, branches: [], byNode: byNode, into: &lanes)
    let last = records.last.map { $0.time - start } ?? .zero
    return Diagram(
      title: title, duration: max(end - start, last), lanes: lanes, legend: errors.entries)
  }

  private func addLanes(
    under parent: Int?, depth: Int, branches: [Bool], byNode: [Int: [Int: [Mark]]], into lanes: inout [Lane]
  ) {
    let children = graph.children(of: parent).filter { $0.role != .sink }
    for (index, node) in children.enumerated() {
      let tree = depth == 0 ? [] : branches + [index < children.count - 1]
      let template = Lane(node: node.id, label: node.label, depth: depth, branches: tree, kind: .idle)
      lanes += rows(for: template, subscriptions: byNode[node.id] ?? [:], origins: origins[node.id] ?? [:])
      addLanes(under: node.id, depth: depth + 1, branches: tree, byNode: byNode, into: &lanes)
    }
  }

  /// The rows of one stage: one per subscription, the middle ones left out past the limit.
  private func rows(
    for template: Lane, subscriptions: [Int: [Mark]], origins: [Int: SubscriptionOrigin]
  ) -> [Lane] {
    let count = subscriptions.keys.max() ?? 0
    guard count > 0 else { return [template] }
    func row(_ number: Int) -> Lane {
      var lane = template
      lane.kind = .subscription(number, of: count)
      lane.origin = origins[number]
      lane.marks = Self.tidy(subscriptions[number] ?? [])
      if closesOpenLanes, !lane.marks.contains(where: { $0.isStop || $0.kind == .disposed }) {
        lane.marks.append(Mark(max(.zero, end - start), .disposed))
      }
      return lane
    }
    let order = Self.grouped(1...count, origins: origins)
    guard count > maxRowsPerStage else { return order.map(row) }
    let head = maxRowsPerStage - 2
    var omitted = template
    omitted.kind = .omitted(count - head - 1)
    return order.prefix(head).map(row) + [omitted, row(order[count - 1])]
  }

  /// Subscription numbers in order, except that a value's later attempts follow its first.
  static func grouped(_ numbers: ClosedRange<Int>, origins: [Int: SubscriptionOrigin]) -> [Int] {
    var groups: [[Int]] = []
    for number in numbers {
      let origin = origins[number]
      let group = origin.flatMap { origin in
        groups.lastIndex { group in
          guard let last = group.last.flatMap({ origins[$0] }) else { return false }
          return last.element == origin.element && last.attempt == origin.attempt - 1
        }
      }
      if let group, let origin, origin.attempt > 1 {
        groups[group].append(number)
      } else {
        groups.append([number])
      }
    }
    return groups.flatMap { $0 }
  }

  /// Drops the dispose that follows a stop event: `#` and `|` already end the line.
  static func tidy(_ marks: [Mark]) -> [Mark] {
    var result: [Mark] = []
    for mark in marks {
      if mark.kind == .disposed, result.contains(where: \.isStop) { continue }
      result.append(mark)
    }
    return result
  }
}

/// The errors of a diagram, each kind and message once.
struct ErrorLegend {
  private(set) var entries: [LegendEntry] = []

  /// Notes `error` and returns its kind, as the mark keeps it.
  mutating func add(_ error: PipeError) -> String {
    let meaning = error.message.isEmpty ? error.kind : "\(error.kind): \(error.message)"
    if !entries.contains(where: { $0.meaning == meaning }) { entries.append(LegendEntry("#", meaning)) }
    return error.kind
  }
}
