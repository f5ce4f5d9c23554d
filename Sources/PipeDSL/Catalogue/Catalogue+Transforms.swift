import Operators

extension Catalogue {
  /// `map`, `filter`, `scan`, `take`, `skip`, `takeWhile`, `distinct`, `startWith`,
  /// `enumerate`, `buffer`, `delay`, `debounce`, `throttle`.
  static var transformEntries: [CatalogueEntry] {
    [map, filter, scan, take, skip, takeWhile, distinct, startWith, enumerate, buffer] + timingEntries
  }

  static let map = CatalogueEntry(
    name: "map", role: .transform, signature: "map { EXPR }",
    doc: "Replaces every value by the expression's result (`.` is the value). An expression "
      + "that fails at run time, such as `\"a\" - 1`, ends the stream with a typeError.",
    marble: Marble("1-2-3|", "map { . * 2 }", "2-4-6|"),
    examples: [
      Example(
        "of(1, 2, 3) | map { . * 2 }",
        prints: """
          2
          4
          6
          """)
    ], arity: 1...1
  ) { context in
    guard let expression = context.read.expression(context.positional[0]) else { return nil }
    var step: ValueStep = { value in
      value = try expression(value)
      return true
    }
    if let constant = expression.constant {
      // `map {"tick"}`, `map {"x" + "y"}`: the value worked out when compiled, given without
      // calling the expression (and making its context) for every value.
      step = { value in
        value = constant
        return true
      }
    }
    var int: IntStep?
    if case .element(let form)? = expression.int { int = form.map }
    let steps = StageSteps(step, int: int, stateless: true)
    return .elementwise { steps }
  }

  static let filter = CatalogueEntry(
    name: "filter", role: .transform, signature: "filter { EXPR }",
    doc: "Keeps the values for which the expression is true.",
    marble: Marble("1-2-3-4|", "filter { . % 2 == 0 }", "--2---4|"),
    examples: [
      Example(
        "range(1, 10) | filter { . % 2 == 0 }",
        prints: """
          2
          4
          6
          8
          10
          """)
    ], arity: 1...1
  ) { context in
    guard let expression = context.read.expression(context.positional[0]) else { return nil }
    let step: ValueStep = { value in try expression.holds(for: value) }
    var int: IntStep?
    if case .element(let form)? = expression.int { int = form.filter }
    let steps = StageSteps(step, int: int, stateless: true)
    return .elementwise { steps }
  }

  static let scan = CatalogueEntry(
    name: "scan", role: .transform, signature: "scan SEED { EXPR }",
    doc: "Folds the values into an accumulator and emits every step: in the expression, "
      + "`acc` is the accumulator so far and `.` the new value.",
    marble: Marble("1-2-3|", "scan 0 { acc + . }", "1-3-6|"),
    examples: [
      Example(
        "of(1, 2, 3) | scan 0 { acc + . }",
        prints: """
          1
          3
          6
          """)
    ], arity: 2...2
  ) { context in
    guard let seed = context.read.constant(context.positional[0]),
      let expression = context.read.expression(context.positional[1], names: ["acc"])
    else { return nil }
    var form: NameIntForm?
    if case .nameAndElement(slot: 0, let named)? = expression.int { form = named }
    return .elementwise {
      let accumulator = Accumulator(seed)
      let step: ValueStep = { value in
        accumulator.value = try expression(value, ExpressionContext(single: accumulator.value))
        value = accumulator.value
        return true
      }
      return StageSteps(step, int: form?.scan(accumulator))
    }
  }

  static let take = CatalogueEntry(
    name: "take", role: .transform, signature: "take N | take DURATION",
    doc: "Passes the first N values, then completes and disposes the upstream. With a duration, "
      + "passes the values of that long from the subscription, then completes (RxSwift's "
      + "take(for:)): a value due at the very end comes after the completion.",
    marble: Marble("a-b-c-d|", "take 2", "a-(b|)"),
    examples: [
      Example(
        "every 1s | take 3",
        prints: """
          0
          1
          2
          """),
      Example(
        "every 300ms | take 1s",
        prints: """
          0
          1
          2
          """),
    ], arity: 1...1
  ) { context in
    let arg = context.positional[0]
    if case .literal(.duration) = arg.kind {
      guard let time = context.read.duration(arg) else { return nil }
      return .transform { upstream, env in upstream.take(for: time, scheduler: env.runtime.scheduler) }
    }
    guard let count = context.read.integer(arg) else { return nil }
    // `take 0` completes at the subscription, before any value: the engine's.
    guard count > 0 else { return .plainTransform { upstream, _ in upstream.take(count) } }
    return .elementwise {
      let countdown = Countdown(count)
      let end = RowEnd()
      func passes() -> Bool {
        guard countdown.left > 0 else { return false }
        countdown.left -= 1
        end.reached = countdown.left == 0
        return true
      }
      return StageSteps({ _ in passes() }, int: { x in passes() ? .keep(x) : .drop }, end: end)
    }
  }

  static let skip = CatalogueEntry(
    name: "skip", role: .transform, signature: "skip N | skip DURATION",
    doc: "Drops the first N values. With a duration, drops the values of that long from the "
      + "subscription (RxSwift's skip(for:)): a value due at the very end passes.",
    marble: Marble("a-b-c-d|", "skip 2", "----c-d|"),
    examples: [
      Example(
        "range(1, 5) | skip 2",
        prints: """
          3
          4
          5
          """),
      Example(
        "every 300ms | skip 1s | take 2",
        prints: """
          3
          4
          """),
    ], arity: 1...1
  ) { context in
    let arg = context.positional[0]
    if case .literal(.duration) = arg.kind {
      guard let time = context.read.duration(arg) else { return nil }
      return .transform { upstream, env in upstream.skip(for: time, scheduler: env.runtime.scheduler) }
    }
    guard let count = context.read.integer(arg) else { return nil }
    return .elementwise {
      let countdown = Countdown(count)
      return StageSteps({ _ in countdown.passes() }, int: { x in countdown.passes() ? .keep(x) : .drop })
    }
  }

  static let takeWhile = CatalogueEntry(
    name: "takeWhile", role: .transform, signature: "takeWhile { EXPR }",
    doc: "Passes values while the expression is true; completes at the first false one.",
    marble: Marble("1-2-5-1|", "takeWhile { . < 4 }", "1-2-|"),
    examples: [
      Example(
        "range(1, 10) | takeWhile { . < 4 }",
        prints: """
          1
          2
          3
          """)
    ], arity: 1...1
  ) { context in
    guard let expression = context.read.expression(context.positional[0]) else { return nil }
    var form: ElementIntForm?
    if case .element(let int)? = expression.int { form = int }
    return .elementwise {
      let end = RowEnd()
      let step: ValueStep = { value in
        if try expression.holds(for: value) { return true }
        end.reached = true
        return false
      }
      guard let filter = form?.filter else { return StageSteps(step, end: end) }
      return StageSteps(
        step,
        int: { x in
          let outcome = filter(x)
          if case .drop = outcome { end.reached = true }
          return outcome
        }, end: end)
    }
  }

  static let distinct = CatalogueEntry(
    name: "distinct", role: .transform, signature: "distinct",
    doc: "Drops a value equal to the one before it (RxSwift's distinctUntilChanged).",
    marble: Marble("a-a-b-a|", "distinct", "a---b-a|"),
    examples: [
      Example(
        "of(1, 1, 2, 1) | distinct",
        prints: """
          1
          2
          1
          """)
    ], arity: 0...0
  ) { _ in
    .elementwise {
      let previous = Previous()
      return StageSteps({ previous.differs(from: $0) }, int: previous.differs(from:))
    }
  }

  static let startWith = CatalogueEntry(
    name: "startWith", role: .transform, signature: "startWith VALUE",
    doc: "Emits the value first, then everything upstream.",
    marble: Marble("-a-b|", "startWith \"s\"", "sa-b|"),
    examples: [
      Example(
        "of(1, 2) | startWith 0",
        prints: """
          0
          1
          2
          """)
    ], arity: 1...1
  ) { context in
    guard let value = context.read.value(context.positional[0]) else { return nil }
    return .transform { upstream, env in .deferred { upstream.startWith(try value(env)) } }
  }

  static let enumerate = CatalogueEntry(
    name: "enumerate", role: .transform, signature: "enumerate",
    doc: "Pairs every value with its position, from 0: `{index: 0, value: ...}`.",
    marble: Marble(
      "a-b|", "enumerate", "x-y|", values: "[x: {index: 0, value: \"a\"}, y: {index: 1, value: \"b\"}]"),
    examples: [
      Example(
        "of(\"x\", \"y\") | enumerate",
        prints: """
          {index: 0, value: "x"}
          {index: 1, value: "y"}
          """)
    ], arity: 0...0
  ) { _ in
    .transform { upstream, _ in
      upstream.enumerated().map { .record(["index": .int($0.index), "value": $0.element]) }
    }
  }

  static let buffer = CatalogueEntry(
    name: "buffer", role: .transform, signature: "buffer N [DURATION]",
    doc: "Groups values into lists of N; on completion the rest (as RxSwift, possibly empty). "
      + "With a duration (RxSwift's buffer(timeSpan:count:)), a list also goes when the duration "
      + "has passed since the last one, however few it holds, even none; a full list starts the "
      + "next duration anew.",
    marble: Marble("a-b-c|", "buffer 2", "--x--(y|)", values: "[x: [\"a\", \"b\"], y: [\"c\"]]"),
    examples: [
      Example(
        "range(1, 5) | buffer 2",
        prints: """
          [1, 2]
          [3, 4]
          [5]
          """),
      Example(
        "cold \"a b 5ms c 9ms |\" | buffer 2 4ms",
        prints: """
          ["a", "b"]
          []
          ["c"]
          []
          []
          """),
    ], arity: 1...2
  ) { context in
    guard let count = context.read.integer(context.positional[0], atLeast: 1, atMost: Limits.maxItems) else {
      return nil
    }
    guard let spanArg = context.argument(1) else {
      return .transform { upstream, _ in upstream.buffer(count: count).map(Value.list) }
    }
    guard let span = context.read.duration(spanArg) else { return nil }
    guard span > .zero else {
      context.report(.bufferOfNoTime(at: spanArg.span))
      return nil
    }
    return .transform { upstream, env in
      upstream.buffer(timeSpan: span, count: count, scheduler: env.runtime.scheduler).map(Value.list)
    }
  }
}

/// `scan`'s accumulator in one subscription, shared by its step on values and its int step
/// (`NameIntForm`). Only they touch it, one value at a time, so it is spared the run-time
/// exclusivity check a captured `var` pays on every value.
final class Accumulator {
  @exclusivity(unchecked) var value: Value

  init(_ seed: Value) { value = seed }
}

/// `skip N` for one subscription: the values it has still to drop.
final class Countdown {
  @exclusivity(unchecked) var left: Int

  init(_ count: Int) { left = count }

  /// Whether this value passes: none of the first N does.
  @inline(__always) func passes() -> Bool {
    guard left > 0 else { return true }
    left -= 1
    return false
  }
}

/// `distinct` for one subscription: the value before (nil before the first).
final class Previous {
  @exclusivity(unchecked) var value: Value?

  /// Whether `value` passes, being unlike the one before; it is then the one before the next.
  @inline(__always) func differs(from value: Value) -> Bool {
    if let previous = self.value, previous == value { return false }
    self.value = value
    return true
  }

  /// `differs(from:)` on an int, where it can tell: after an int, or first.
  @inline(__always) func differs(from x: Int) -> IntStepOutcome {
    switch value {
    case .int(let previous)?:
      if previous == x { return .drop }
    case nil: break
    default: return .undecided
    }
    value = .int(x)
    return .keep(x)
  }
}
