import Operators

extension Catalogue {
  /// `flatMap`, `concatMap`, `flatMapLatest`, `merge`, `concat`, `zip`, `combineLatest`,
  /// `share`, `repeat`.
  static var combineEntries: [CatalogueEntry] {
    [flatMap, concatMap, flatMapLatest, merge, concat, zip, combineLatest, share, repeatEntry]
  }

  static let flatMap = inner(
    name: "flatMap",
    doc: "Runs the sub-pipeline for every value (`.` is the value) and merges "
      + "what they emit. An error inside ends everything unless the sub-pipeline catches it.",
    marble: Marble("a-b|", "flatMap (cold \"-x---y|\")", "-x-x-y-y|"),
    examples: [
      Example(
        "of(\"London\", \"Paris\") | flatMap (weather .) | map { .city }",
        prints: """
          Paris
          London
          """)
    ]
  ) { upstream, selector in upstream.flatMap(selector) }

  static let concatMap = inner(
    name: "concatMap", doc: "Like flatMap, but one sub-pipeline at a time, in order.",
    marble: Marble("a-b|", "concatMap (cold \"-x---y|\")", "-x---y-x---y|"),
    examples: [
      Example(
        "of(1, 2) | concatMap (timer 1s | map { 10 })",
        prints: """
          10
          10
          """)
    ]
  ) { upstream, selector in upstream.concatMap(selector) }

  static let flatMapLatest = inner(
    name: "flatMapLatest", doc: "Like flatMap, but a new value disposes the previous sub-pipeline.",
    marble: Marble("a-b|", "flatMapLatest (cold \"-x---y|\")", "-x-x---y|"),
    examples: [Example("every 1s | take 3 | flatMapLatest (timer 1500ms)", prints: "0")]
  ) { upstream, selector in upstream.flatMapLatest(selector) }

  /// An operator that runs a sub-pipeline per value.
  private static func inner(
    name: String, doc: String, marble: Marble?, examples: [Example],
    combine: @escaping (Observable<Value>, @escaping (Value) -> Observable<Value>) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .combine, signature: "\(name) (PIPELINE)", doc: doc, marble: marble,
      examples: examples, arity: 1...1
    ) { context in
      guard let inner = context.read.pipeline(context.positional[0], parent: context.node) else { return nil }
      let built: TransformBody = { upstream, env in
        combine(upstream) { element in
          // An error of one element's sub-pipeline names the element: `(at weather . for "xyzzy")`.
          inner.build(env.with(element: element)).catch { .error(PipeError.from($0).naming(element)) }
        }
      }
      // `(just . | map { . + 1 })` ends as it is subscribed: the three operators agree on it.
      guard let immediate = inner.immediate else { return .transform(built) }
      return .subpipelines(make: immediate.steps, unfused: built)
    }
  }

  static let merge = binary(
    name: "merge", doc: "Emits the values of both streams as they come; completes when both have.",
    marble: Marble("a---b|", "merge (cold \"-x-y|\")", "ax-yb|"),
    examples: [
      Example(
        "every 1s | take 2 | merge (every 1500ms | take 2)",
        prints: """
          0
          0
          1
          1
          """)
    ]
  ) { $0.merge(with: $1) }

  static let concat = binary(
    name: "concat", doc: "Emits everything upstream, then subscribes the other pipeline.",
    marble: Marble("a-b|", "concat (cold \"x|\")", "a-bx|"),
    examples: [
      Example(
        "of(1, 2) | concat (just 3)",
        prints: """
          1
          2
          3
          """)
    ]
  ) { $0.concat($1) }

  static let zip = binary(
    name: "zip", doc: "Pairs the n-th values of both streams as a list [a, x].",
    marble: Marble(
      "a-b|", "zip (cold \"-x-y|\")", "-p-q|", values: "[p: [\"a\", \"x\"], q: [\"b\", \"y\"]]"),
    examples: [
      Example(
        "of(1, 2) | zip (of(\"a\", \"b\"))",
        prints: """
          [1, "a"]
          [2, "b"]
          """)
    ]
  ) { left, right in left.zip(right) { .list([$0, $1]) } }

  static let combineLatest = binary(
    name: "combineLatest", doc: "Emits [latest of upstream, latest of the other] whenever either emits.",
    marble: Marble(
      "a--b|", "combineLatest (cold \"-x|\")", "-p-q|", values: "[p: [\"a\", \"x\"], q: [\"b\", \"x\"]]"),
    examples: [
      Example(
        "every 1s | take 2 | combineLatest (just \"x\")",
        prints: """
          [0, "x"]
          [1, "x"]
          """)
    ]
  ) { left, right in left.combineLatest(right) { .list([$0, $1]) } }

  /// An operator that combines the upstream with another pipeline.
  private static func binary(
    name: String, doc: String, marble: Marble?, examples: [Example],
    combine: @escaping (Observable<Value>, Observable<Value>) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .combine, signature: "\(name) (PIPELINE)", doc: doc, marble: marble,
      examples: examples, arity: 1...1
    ) { context in
      guard let other = context.read.pipeline(context.positional[0], parent: context.node) else { return nil }
      return .transform { upstream, env in combine(upstream, other.build(env)) }
    }
  }

  static let share = CatalogueEntry(
    name: "share", role: .combine, signature: "share",
    doc: "Lets several subscribers share one upstream subscription (publish + refCount).",
    examples: [
      Example(
        "every 1s | take 2 | share | log",
        prints: """
          0s      #2 share     1  subscribe
          0s      #1 take 2    1  subscribe
          0s      #0 every 1s  1  subscribe
          1s      #0 every 1s  1  next 0
          1s      #1 take 2    1  next 0
          1s      #2 share     1  next 0
          2s      #0 every 1s  1  next 1
          2s      #1 take 2    1  next 1
          2s      #2 share     1  next 1
          2s      #1 take 2    1  completed
          2s      #2 share     1  completed
          2s      #2 share     1  dispose
          2s      #0 every 1s  1  dispose
          2s      #1 take 2    1  dispose
          """)
    ], arity: 0...0
  ) { _ in .transform { upstream, _ in upstream.share() } }

  static let repeatEntry = CatalogueEntry(
    name: "repeat", role: .combine, signature: "repeat [N]",
    doc: "Subscribes again each time the upstream completes: N subscriptions in total, or forever.",
    marble: Marble("a|", "repeat 3", "aaa|"),
    examples: [
      Example(
        "just 1 | repeat 3",
        prints: """
          1
          1
          1
          """)
    ], arity: 0...1
  ) { context in
    var count: Int?
    if let arg = context.argument(0) {
      guard let value = context.read.integer(arg) else { return nil }
      count = value
    }
    return .transform { upstream, _ in upstream.repeat(count) }
  }
}
