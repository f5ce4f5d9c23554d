import Operators

/// What an elementwise stage's step on an int does with it.
public enum IntStepOutcome {
  /// The stage's `ElementStep` would pass `.int` of this.
  case keep(Int)
  /// It would drop the value.
  case drop
  /// Only it can say (an overflow, a result that is not an int): nothing was changed.
  case undecided
}

/// An elementwise stage's step on an int: what its `ElementStep` does to `.int(x)`, where it
/// can tell without making a `Value`. It changes the stage's state (scan's accumulator) as
/// that step would, and only when it decides.
public typealias IntStep = (Int) -> IntStepOutcome

/// An elementwise stage's steps for one subscription: on any value, and on an int where the
/// stage has an int path (both share the stage's state).
public struct ElementSteps {
  public let step: ElementStep
  public let int: IntStep?

  public init(_ step: @escaping ElementStep, int: IntStep? = nil) {
    self.step = step
    self.int = int
  }
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
  let step: ElementStep
  /// The row on an int, when every stage has an int step: an int stays an int from stage to
  /// stage and is made a `Value` once, at the end.
  let lane: ((Int) -> LaneOutcome)?
  /// The steps from each stage on, for a value the lane could not decide.
  let rest: [Steps]

  /// The row of `stages`; `composed` runs a list of steps in turn.
  init(_ stages: [ElementSteps], composed: ([Steps]) -> ElementStep) {
    step = composed(stages.map { Steps($0.step) })
    guard !stages.isEmpty, stages.allSatisfy({ $0.int != nil }) else {
      lane = nil
      rest = []
      return
    }
    lane = Self.lane(stages, from: 0)
    rest = stages.indices.map { Steps(composed(stages[$0...].map { Steps($0.step) })) }
  }

  /// The int steps of `stages` from `stage` on, each calling the next. (Each is taken from
  /// its `ElementSteps`: a closure kept in an array itself is called through a thunk.)
  private static func lane(_ stages: [ElementSteps], from stage: Int) -> (Int) -> LaneOutcome {
    let int = stages[stage].int!
    guard stage + 1 < stages.count else {
      return { x in
        switch int(x) {
        case .keep(let y): return .keep(y)
        case .drop: return .drop
        case .undecided: return .undecided(stage: stage, value: x)
        }
      }
    }
    let next = lane(stages, from: stage + 1)
    return { x in
      switch int(x) {
      case .keep(let y): return next(y)
      case .drop: return .drop
      case .undecided: return .undecided(stage: stage, value: x)
      }
    }
  }
}

/// A fused row with an int path as a source's loop runs it (`FusedRow.lane`): an int takes
/// the path, and where a stage cannot decide on it, the steps on values from that stage on; any
/// other value takes the steps on values.
struct IntLaneSteps: ElementStepper {
  let lane: (Int) -> FusedRow.LaneOutcome
  let rest: [Steps]

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
  /// has one.
  static func range(start: Int, count: Int, _ row: @escaping () -> FusedRow) -> Observable<Value> {
    Observable(unsafe: { observer in
      let made = row()
      guard let lane = made.lane else {
        return Observable.range(start: start, count: count, Value.int) { Steps(made.step) }.subscribe(
          observer)
      }
      return Observable.range(start: start, count: count, Value.int) {
        IntLaneSteps(lane: lane, rest: made.rest)
      }
      .subscribe(observer)
    })
  }
}
