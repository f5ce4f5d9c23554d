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
    marble: "a---b|  →  -A1-B1A2-B2|", example: "of(\"London\", \"Paris\") | flatMap (weather .)"
  ) { upstream, selector in upstream.flatMap(selector) }

  static let concatMap = inner(
    name: "concatMap", doc: "Like flatMap, but one sub-pipeline at a time, in order.",
    marble: "a-b|  →  -A1-A2-B1-B2|", example: "of(1, 2) | concatMap (timer 1s | map { 10 })"
  ) { upstream, selector in upstream.concatMap(selector) }

  static let flatMapLatest = inner(
    name: "flatMapLatest", doc: "Like flatMap, but a new value disposes the previous sub-pipeline.",
    marble: "a-b|  →  -A1-B1-B2|", example: "every 1s | take 3 | flatMapLatest (timer 1500ms)"
  ) { upstream, selector in upstream.flatMapLatest(selector) }

  /// An operator that runs a sub-pipeline per value.
  private static func inner(
    name: String, doc: String, marble: String, example: String,
    combine: @escaping (Observable<Value>, @escaping (Value) -> Observable<Value>) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .combine, signature: "\(name) (PIPELINE)", doc: doc, marble: marble,
      example: example, arity: 1...1
    ) { context in
      guard let inner = context.read.pipeline(context.positional[0], parent: context.node) else { return nil }
      return .transform { upstream, env in combine(upstream) { inner.build(env.with(dot: $0)) } }
    }
  }

  static let merge = binary(
    name: "merge", doc: "Emits the values of both streams as they come; completes when both have.",
    marble: "a---b|, -x-y|  →  ax--yb|", example: "every 1s | take 2 | merge (every 1500ms | take 2)"
  ) { $0.merge(with: $1) }

  static let concat = binary(
    name: "concat", doc: "Emits everything upstream, then subscribes the other pipeline.",
    marble: "a-b|, x|  →  a-bx|", example: "of(1, 2) | concat (just 3)"
  ) { $0.concat($1) }

  static let zip = binary(
    name: "zip", doc: "Pairs the n-th values of both streams as a list [a, x].",
    marble: "a-b|, -x-y|  →  -[ax]-[by]|", example: "of(1, 2) | zip (of(\"a\", \"b\"))"
  ) { left, right in left.zip(right) { .list([$0, $1]) } }

  static let combineLatest = binary(
    name: "combineLatest", doc: "Emits [latest of upstream, latest of the other] whenever either emits.",
    marble: "a--b|, -x|  →  -[ax]-[bx]|", example: "every 1s | take 2 | combineLatest (just \"x\")"
  ) { left, right in left.combineLatest(right) { .list([$0, $1]) } }

  /// An operator that combines the upstream with another pipeline.
  private static func binary(
    name: String, doc: String, marble: String, example: String,
    combine: @escaping (Observable<Value>, Observable<Value>) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .combine, signature: "\(name) (PIPELINE)", doc: doc, marble: marble,
      example: example, arity: 1...1
    ) { context in
      guard let other = context.read.pipeline(context.positional[0], parent: context.node) else { return nil }
      return .transform { upstream, env in combine(upstream, other.build(env)) }
    }
  }

  static let share = CatalogueEntry(
    name: "share", role: .combine, signature: "share",
    doc: "Lets several subscribers share one upstream subscription (publish + refCount).",
    marble: "", example: "every 1s | take 2 | share", arity: 0...0
  ) { _ in .transform { upstream, _ in upstream.share() } }

  static let repeatEntry = CatalogueEntry(
    name: "repeat", role: .combine, signature: "repeat [N]",
    doc: "Subscribes again each time the upstream completes: N subscriptions in total, or forever.",
    marble: "a|  →  a-a-a|", example: "just 1 | repeat 3", arity: 0...1
  ) { context in
    var count: Int?
    if let arg = context.argument(0) {
      guard let value = context.read.integer(arg) else { return nil }
      count = value
    }
    return .transform { upstream, _ in upstream.repeat(count) }
  }
}
