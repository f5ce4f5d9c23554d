import PipeDSL

/// One walk over a pipeline's stages, the same for the three libraries: each stage read once
/// (`Meaning.read`), its source and sink set apart, and for each stage between them the element
/// type it gets (where the literals say it), what joins the stream as another type
/// (`MixedTypes`) and whether pipe numbers its errors. A writer only renders it.
///
///     // cold "-1-#" | startWith "x" | retry 2 | show
///     ChainWalk(pipeline, bindings: [], numbersAttempts: false) { source, _ in "Int" }
///     // steps: cold (the source), startWith (gets Int; mixed: the stream holds Strings),
///     // retry (gets String), show (the sink)
struct ChainWalk {
  /// Every stage, in order.
  var steps: [Step] = []
  /// The element type the first literal that joins the stream gives (`Meaning.literalTypeHint`).
  var literalHint: String?

  struct Step {
    enum Role { case source, stage, sink }

    var role: Role
    /// The stage as read.
    var meaning: Meaning
    /// The stage as `MixedTypes` made what joins the stream fit a Swift stream's one type.
    var typed: MixedTypes
    /// The stage as written, for its text and span.
    var stage: Stage
    /// The element type the stage gets (nil: not known, or a source).
    var elementType: String?
    /// Whether the stage's own errors are numbered by its subscription (`.numbered()`).
    var numbered: Bool
    /// Whether the values the stage gets are of several types (`of(1, "a")`): pipe computes
    /// with each as it comes, a library's stream has one type for them all.
    var getsSeveralTypes = false

    var text: String { stage.text }
  }

  /// The first stage, where it is a source; nil when the chain begins with a stage (a `let`
  /// of stages).
  var source: Step? { steps.first.flatMap { $0.role == .source ? $0 : nil } }
  /// The stages between the source and the sink.
  var stages: [Step] { steps.filter { $0.role == .stage } }
  var sink: Meaning.Sink? {
    for step in steps { if case .sink(let kind) = step.meaning { return kind } }
    return nil
  }
  /// Whether any stage's errors are numbered: the writer then declares `numbered`.
  var numbers: Bool { steps.contains(where: \.numbered) }

  /// The element type of a retry strategy's `errors` in the Swift writers: the errors,
  /// numbered by their attempt.
  static let errorsType = "PipeError"

  /// `sourceType` is the element type a library gives a source, given the literal hint: RxTest's
  /// recorded events and Combine's `cold` helper type a diagram's values each its own way.
  /// `strategy`: the pipeline is a retry strategy's `(errors | ...)`, whose source holds
  /// errors (`errorsType`), so a value of another type joining it is mixed (`catch (just 1)`).
  init(
    _ pipeline: Pipeline, bindings: Set<String>, numbersAttempts: Bool = false, strategy: Bool = false,
    sourceType: (Meaning, _ literalHint: String?) -> String? = { _, _ in nil }
  ) {
    let meanings = pipeline.stages.map { Meaning.read($0, bindings: bindings) }
    literalHint = Meaning.literalTypeHint(meanings)
    var elementType: String?
    var severalTypes = false
    for (index, (meaning, stage)) in zip(meanings, pipeline.stages).enumerated() {
      let role: Step.Role
      if index == 0, meaning.isSource {
        role = .source
      } else if case .sink = meaning {
        role = .sink
      } else {
        role = .stage
      }
      let typed = MixedTypes(meaning, elementType: role == .stage ? elementType : nil)
      steps.append(
        Step(
          role: role, meaning: meaning, typed: typed, stage: stage, elementType: elementType,
          numbered: role != .sink && numbersAttempts && meaning.raisesErrors, getsSeveralTypes: severalTypes))
      switch role {
      case .source:
        if strategy, case .reference("errors") = meaning {
          elementType = Self.errorsType
        } else {
          elementType = sourceType(meaning, literalHint)
        }
        severalTypes = meaning.givesSeveralTypes
      case .stage:
        elementType = typed.mixed ? "String" : meaning.elementType(after: elementType, bindings: bindings)
        severalTypes = severalTypes && !typed.mixed && CombineWriter.keepsElementType(meaning)
      case .sink: continue
      }
    }
  }
}

extension Meaning {
  /// Whether a source gives values of several types: `of(1, "a")`, `of(null, [1], {})`
  /// (Ints and Doubles are numbers alike; a value computed from `.` is of no known type).
  var givesSeveralTypes: Bool { givesSeveralTypes(recordsAlike: false) }

  /// `recordsAlike`: records of other keys or field types are of one type, as JavaScript's
  /// objects are (a field one lacks is the RxJS export's run-time check, `pipeField`).
  func givesSeveralTypes(recordsAlike: Bool) -> Bool {
    guard case .of(let args) = self else { return false }
    let kinds = args.compactMap { arg -> String? in
      switch arg.kind {
      case .literal(.int), .literal(.double), .literal(.duration): return "number"
      case .literal(.string): return "string"
      case .literal(.bool): return "bool"
      case .literal(.null): return "null"
      case .list: return "list"
      case .dict:  // records of other keys or types differ, but in JavaScript
        return recordsAlike ? "record" : Meaning.swiftType(arg) ?? "record"
      default: return nil
      }
    }
    return Set(kinds).count > 1
  }

  /// Whether the stage begins a chain: the writers write it as the chain's head.
  var isSource: Bool {
    switch self {
    case .just, .of, .range, .empty, .never, .fail, .timer, .every, .cold, .hot, .changes, .input, .plugin,
      .reference, .group:
      return true
    default: return false
    }
  }
}
