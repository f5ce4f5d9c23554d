import Operators
import PipeDSL

/// A marble diagram of one run: a lane per subscription of every stage, source first, with
/// nested pipelines under their stage, and a legend of the errors that appeared.
///
/// It is a value built from the tracer's records and the statement's graph, so the same
/// diagram can be drawn as text (`DiagramTextRenderer`) or SVG (`DiagramSVGRenderer`), and
/// kept for `:export svg`.
public struct Diagram: Sendable {
  /// The statement that ran.
  public var title: String
  /// How long the run lasted, from its subscription.
  public var duration: Time
  public var lanes: [Lane]
  /// The errors that appeared, each once (`# = serverFailure: HTTP 500`), and anything else
  /// the lanes do not say (what an expectation's letters stand for).
  public var legend: [LegendEntry]

  public init(title: String, duration: Time, lanes: [Lane], legend: [LegendEntry] = []) {
    self.title = title
    self.duration = duration
    self.lanes = lanes
    self.legend = legend
  }

  /// Every mark of every lane.
  var marks: [Mark] { lanes.flatMap(\.marks) }
}

/// One row of a diagram: a subscription of a stage, or a note in its place.
public struct Lane: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// The `subscription`-th subscription of the stage (from 1), of `of` in all.
    case subscription(Int, of: Int)
    /// Subscriptions left out to keep the diagram short.
    case omitted(Int)
    /// The stage was never subscribed in this run (a fallback that was not needed).
    case idle
  }

  /// The stage's graph node.
  public var node: Int
  /// The stage's own text: `retryWhen backoff(1, 3, 5, 10)`.
  public var label: String
  /// How deep the stage is nested: 0 for the statement's own stages.
  public var depth: Int
  /// The tree lines drawn before the label: for each enclosing level, whether a sibling
  /// follows; the last one is the stage's own.
  public var branches: [Bool]
  public var kind: Kind
  /// What happened, in order, with times from the run's start.
  public var marks: [Mark]
  /// The value whose sub-pipeline this subscription runs in (inside a flatMap), and which
  /// attempt for that value it is; nil outside such sub-pipelines.
  public var origin: SubscriptionOrigin?

  public init(
    node: Int, label: String, depth: Int = 0, branches: [Bool] = [], kind: Kind, marks: [Mark] = [],
    origin: SubscriptionOrigin? = nil
  ) {
    self.node = node
    self.label = label
    self.depth = depth
    self.branches = branches
    self.kind = kind
    self.marks = marks
    self.origin = origin
  }

  /// The first row of its stage, which carries the label.
  public var isFirstOfStage: Bool {
    switch kind {
    case .subscription(let number, _): return number == 1
    case .omitted: return false
    case .idle: return true
    }
  }
}

/// Something that happened on a lane.
public struct Mark: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// `^`
    case subscribed
    /// A value, drawn as itself when short, else as a letter the legend explains.
    case value(Value)
    /// `#`, with the error's kind.
    case error(String)
    /// `|`
    case completed
    /// `!`: disposed without a stop event (a downstream `take`, a switch, a cancel).
    case disposed
  }

  public var time: Time
  public var kind: Kind

  public init(_ time: Time, _ kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// A value, an error or a completion: what a group of same-instant events holds.
  var isEvent: Bool {
    switch kind {
    case .value, .error, .completed: return true
    case .subscribed, .disposed: return false
    }
  }

  var isStop: Bool { kind.isStop }
}

extension Mark.Kind {
  /// `#` or `|`: the end of a subscription's events.
  var isStop: Bool {
    switch self {
    case .error, .completed: return true
    default: return false
    }
  }
}

/// A line of a legend: a glyph and what it stands for.
public struct LegendEntry: Sendable, Equatable {
  public var glyph: String
  public var meaning: String

  public init(_ glyph: String, _ meaning: String) {
    self.glyph = glyph
    self.meaning = meaning
  }
}
