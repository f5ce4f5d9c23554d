import Operators

/// What an elementwise stage's step on an int does with it.
public enum IntStepOutcome {
  /// The stage's `ValueStep` would pass `.int` of this.
  case keep(Int)
  /// It would drop the value.
  case drop
  /// Only it can say (an overflow, a result that is not an int): nothing was changed.
  case undecided
}

/// An elementwise stage's step on an int: what its `ValueStep` does to `.int(x)`, where it
/// can tell without making a `Value`. It changes the stage's state (scan's accumulator) as
/// that step would, and only when it decides.
public typealias IntStep = (Int) -> IntStepOutcome

/// An elementwise stage's steps for one subscription: on any value, and on an int where the
/// stage has an int path (both share the stage's state).
public struct StageSteps {
  public let step: ValueStep
  public let int: IntStep?
  /// Set once the stream ends after the value just stepped (`take N` passed its last).
  public let end: RowEnd?
  /// Whether the steps keep nothing from one value to the next (`map`, `filter`): then one
  /// making serves any number of subscriptions, and a sub-pipeline run per value
  /// (`ImmediatePipeline`) makes them once instead of each value.
  public let stateless: Bool

  public init(_ step: @escaping ValueStep, int: IntStep? = nil, end: RowEnd? = nil, stateless: Bool = false) {
    self.step = step
    self.int = int
    self.end = end
    self.stateless = stateless
  }
}

/// Where a stage that ends the stream (`take N`) says it has: a row of steps that holds one
/// completes the stream after the value that set it, whatever the later stages did with it.
public final class RowEnd {
  @exclusivity(unchecked) public var reached = false

  public init() {}
}

extension [RowEnd] {
  /// Whether a stage of the row has ended the stream.
  @inline(__always) var reached: Bool { !isEmpty && contains { $0.reached } }
}

/// A row of elementwise stages for one subscription, as a source that runs them in its own
/// loop gets it (`range`).
public struct FusedRow {
  /// What the row's int path makes of an int.
  enum LaneOutcome {
    case keep(Int)
    case drop
    /// Stage `stage` could not decide on `value`: the steps from that stage on must.
    case undecided(stage: Int, value: Int)
  }

  /// The stages' steps in turn, on any value.
  let step: ValueStep
  /// The row on an int, when every stage has an int step: an int stays an int from stage to
  /// stage and is made a `Value` once, at the end.
  let lane: ((Int) -> LaneOutcome)?
  /// The steps from each stage on, for a value the lane could not decide.
  let rest: [ValueStepper]
  /// What the stage after the row reads of its values: the sink, when the row is the last
  /// of the pipeline and nothing traces it (else `.every`).
  let reads: SinkReads
  /// The row's stages that may end the stream (`take N`).
  let ends: [RowEnd]

  /// The row of `stages`, for a stage after it that `reads` so much; `composed` runs a list
  /// of steps in turn.
  init(_ stages: [StageSteps], reads: SinkReads = .every, composed: ([ValueStepper]) -> ValueStep) {
    self.reads = reads
    ends = stages.compactMap(\.end)
    step = composed(stages.map { ValueStepper($0.step) })
    guard !stages.isEmpty, stages.allSatisfy({ $0.int != nil }) else {
      lane = nil
      rest = []
      return
    }
    lane = Self.lane(stages, from: 0)
    rest = stages.indices.map { ValueStepper(composed(stages[$0...].map { ValueStepper($0.step) })) }
  }

  /// The int steps of `stages` from `first` on, in turn, in one closure for up to four (then
  /// the closure of the others): a stage passes its int straight to the next. (Each is taken
  /// out of its `StageSteps`: a closure kept in an array itself is called through a thunk.)
  private static func lane(_ stages: [StageSteps], from first: Int) -> (Int) -> LaneOutcome {
    func int(_ stage: Int) -> IntStep { stages[stage].int! }
    let a = int(first)
    switch stages.count - first {
    case 1:
      return { x in step(a, x, stage: first) { .keep($0) } }
    case 2:
      let b = int(first + 1)
      return { x in step(a, x, stage: first) { step(b, $0, stage: first + 1) { .keep($0) } } }
    case 3:
      let (b, c) = (int(first + 1), int(first + 2))
      return { x in
        step(a, x, stage: first) {
          step(b, $0, stage: first + 1) { step(c, $0, stage: first + 2) { .keep($0) } }
        }
      }
    case 4:
      let (b, c, d) = (int(first + 1), int(first + 2), int(first + 3))
      return { x in
        step(a, x, stage: first) {
          step(b, $0, stage: first + 1) {
            step(c, $0, stage: first + 2) { step(d, $0, stage: first + 3) { .keep($0) } }
          }
        }
      }
    default:
      let (b, c, d) = (int(first + 1), int(first + 2), int(first + 3))
      let rest = lane(stages, from: first + 4)
      return { x in
        step(a, x, stage: first) {
          step(b, $0, stage: first + 1) {
            step(c, $0, stage: first + 2) { step(d, $0, stage: first + 3, then: rest) }
          }
        }
      }
    }
  }

  /// Stage `stage`'s int step on `x`, then `next` on what it keeps.
  @inline(__always) private static func step(
    _ int: IntStep, _ x: Int, stage: Int, then next: (Int) -> LaneOutcome
  ) -> LaneOutcome {
    switch int(x) {
    case .keep(let y): return next(y)
    case .drop: return .drop
    case .undecided: return .undecided(stage: stage, value: x)
    }
  }
}

/// A fused row with an int path as a source's loop runs it (`FusedRow.lane`): an int takes
/// the path, and where a stage cannot decide on it, the steps on values from that stage on; any
/// other value takes the steps on values.
struct IntLaneSteps: FusedStep {
  let lane: (Int) -> FusedRow.LaneOutcome
  let rest: [ValueStepper]
  let ends: [RowEnd]

  var isDone: Bool { ends.reached }

  @inline(__always) func step(_ value: inout Value) throws -> Bool {
    guard case .int(let x) = value else { return try rest[0].step(&value) }
    switch lane(x) {
    case .keep(let y):
      value = .int(y)
      return true
    case .drop: return false
    case .undecided(let stage, let y):
      value = .int(y)
      return try rest[stage].step(&value)
    }
  }
}

extension FusedRow {
  /// The source `range(start, count)` with the row in its loop: on its int path when the row
  /// has one. For a sink that reads less than every value, the row keeps the last value it
  /// passes (nothing is emitted per value) and hands it over with the completion.
  static func range(start: Int, count: Int, _ row: @escaping () -> FusedRow) -> Observable<Value> {
    Observable(unsafe: { observer in
      let made = row()
      if made.reads != .every { return made.keepingRange(start: start, count: count, observer) }
      guard let lane = made.lane else {
        return Observable.range(start: start, count: count, Value.int) {
          ValueStepper(made.step, ends: made.ends)
        }
        .subscribe(observer)
      }
      return Observable.range(start: start, count: count, Value.int) {
        IntLaneSteps(lane: lane, rest: made.rest, ends: made.ends)
      }
      .subscribe(observer)
    })
  }

  /// `range` with the row in its loop, keeping the last value the row passes instead of
  /// emitting it: at the completion, `observer` gets it (when the sink reads it), then the
  /// completion; an error ends the run as before, without it. Each value still takes its turn.
  private func keepingRange(start: Int, count: Int, _ observer: Observer<Value>) -> any Disposable {
    let kept = KeptValue()
    let reads = reads
    func ending<Element>() -> Observer<Element> {
      observer.forwarding { event in
        switch event {
        case .next: break  // the keeping steps pass nothing
        case .error(let error): observer.onError(error)
        case .completed:
          if reads == .last, let last = kept.value { observer.onNext(last) }
          observer.onCompleted()
        }
      }
    }
    let ends = ends
    guard let lane else {
      let step = step
      return Observable.range(start: start, count: count, Value.int) {
        KeepingSteps(step: step, kept: kept, ends: ends)
      }
      .subscribe(ending())
    }
    let rest = rest
    return Observable<Int>.range(start: start, count: count, { $0 }) {
      IntLaneKeepingSteps(lane: lane, rest: rest, kept: kept, ends: ends)
    }
    .subscribe(ending())
  }
}

/// The last value a row kept, on its int path or not. Touched by one run's loop only.
final class KeptValue {
  enum Held: UInt8 {
    case nothing, int, boxed
  }
  @exclusivity(unchecked) var held = Held.nothing
  @exclusivity(unchecked) var int = 0
  @exclusivity(unchecked) var boxed: Value = .null

  var value: Value? {
    switch held {
    case .nothing: return nil
    case .int: return .int(int)
    case .boxed: return boxed
    }
  }

  /// Keeps `value`, moved in: `value` is left holding what was kept before, to be released
  /// by its owner, so that keeping a record or a list neither retains nor releases it.
  @inline(__always) func keep(moving value: inout Value) {
    swap(&boxed, &value)
    held = .boxed
  }

  @inline(__always) func keep(_ value: Int) {
    int = value
    held = .int
  }
}

/// The row's steps on values, keeping what they pass instead of passing it.
struct KeepingSteps: FusedStep {
  let step: ValueStep
  let kept: KeptValue
  let ends: [RowEnd]

  var isDone: Bool { ends.reached }

  @inline(__always) func step(_ value: inout Value) throws -> Bool {
    if try step(&value) { kept.keep(moving: &value) }
    return false
  }
}

/// The row's int path (`IntLaneSteps`) on range's ints, keeping what it passes instead of
/// passing it.
struct IntLaneKeepingSteps: FusedStep {
  let lane: (Int) -> FusedRow.LaneOutcome
  let rest: [ValueStepper]
  let kept: KeptValue
  let ends: [RowEnd]

  var isDone: Bool { ends.reached }

  @inline(__always) func step(_ value: inout Int) throws -> Bool {
    switch lane(value) {
    case .keep(let y): kept.keep(y)
    case .drop: break
    case .undecided(let stage, let y):
      var boxed = Value.int(y)
      if try rest[stage].step(&boxed) { kept.keep(moving: &boxed) }
    }
    return false
  }
}
