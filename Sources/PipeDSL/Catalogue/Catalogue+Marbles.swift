import Operators

extension Catalogue {
  static var marbleEntries: [CatalogueEntry] { [cold, hot] }

  static let cold = CatalogueEntry(
    name: "cold", role: .source, signature: "cold \"MARBLES\" [VALUES] · cold [\"MARBLES\", ...] [VALUES]",
    doc: "Plays an RxJS marble diagram on every subscription, its times measured from that "
      + "subscription: `-` is one frame (1 ms), a letter a value, `(ab)` one frame, `100ms` a "
      + "pause, `#` an error, `|` completion. Letters stand for themselves and digits for "
      + "numbers unless VALUES says otherwise (`[a: 1, \"#\": serverFailure]`). With a list, "
      + "the n-th subscription plays the n-th diagram and the last one repeats.",
    marble: Marble(source: "cold \"-a-b-#\"", "-a-b-#"),
    examples: [Example("cold [\"100ms #\", \"100ms #\", \"100ms (a|)\"] | retry 3", prints: "a")],
    arity: 1...2
  ) { context in
    guard let play = MarbleArguments(context) else { return nil }
    let diagrams = play.diagrams
    return .source { env, attempt in
      let diagram = diagrams[min(attempt, diagrams.count) - 1]
      return .marbles(diagram, values: play.value, error: play.error(), scheduler: env.runtime.scheduler)
    }
  }

  static let hot = CatalogueEntry(
    name: "hot", role: .source, signature: "hot \"MARBLES\" [VALUES]",
    doc: "Plays a marble diagram once, from when the statement starts (`^` marks that moment), "
      + "shared by every subscription, sub-pipelines' included: a late subscriber sees only what "
      + "is still to come, and one arriving after the end sees nothing at all.",
    marble: Marble(source: "hot \"-a-^-b-c|\"", "--b-c|"),
    examples: [
      Example(
        "hot \"-a-^-b-c|\" | show",
        prints: """
          b
          c
          """)
    ], arity: 1...2
  ) { context in
    guard let play = MarbleArguments(context, hot: true), let diagram = play.diagrams.first else {
      return nil
    }
    let node = context.node
    // One timeline per statement, started with it: every subscriber (a retry's, a flatMap
    // element's) joins the same one, as RxTest's hot observable.
    let timeline = { (env: Env) in
      env.statement.hot(node) {
        let hot = HotMarbles(
          diagram, values: play.value, error: play.error(), scheduler: env.runtime.scheduler)
        return (hot.asObservable(), hot)
      }
    }
    context.compiler.startWithStatement { _ = timeline($0) }
    return .source { env, _ in timeline(env) }
  }
}

/// The checked arguments of `cold` and `hot`: diagrams, and what their letters mean.
struct MarbleArguments {
  var diagrams: [MarbleDiagram] = []
  var letters = MarbleValues()

  init?(_ context: StageContext, hot: Bool = false) {
    var texts: [Arg] = [context.positional[0]]
    if case .list(let items) = context.positional[0].kind, !hot { texts = items }
    var ok = true
    if texts.isEmpty {
      context.report(.noDiagrams(at: context.positional[0].span))
      ok = false
    }
    for arg in texts {
      guard let text = context.read.string(arg) else {
        ok = false
        continue
      }
      do {
        diagrams.append(hot ? try MarbleDiagram(hot: text) : try MarbleDiagram(cold: text))
      } catch {
        context.report(.badMarbles(error.message, at: arg.span))
        ok = false
      }
    }
    if let dict = context.argument(1) {
      if let read = MarbleValues.read(dict, context.read) { letters = read } else { ok = false }
    }
    guard ok else { return nil }
  }

  var value: (Character) -> Value {
    let values = letters.values
    return { ExpectSink.letter($0, values) }
  }

  func error() -> PipeError {
    let kind = letters.errorKind ?? "error"
    return PipeError(kind: kind, message: "\(kind) from a marble diagram")
  }
}

/// What the letters of a diagram stand for: `[a: 1, b: "x", "#": serverFailure]`.
struct MarbleValues {
  var values: [Character: Value] = [:]
  var errorKind: String?

  static func read(_ arg: Arg, _ read: ArgumentReader) -> MarbleValues? {
    guard case .dict(let entries) = arg.kind else {
      _ = read.fail(arg, expected: "a dict of values such as [a: 1, \"#\": serverFailure]") as Void?
      return nil
    }
    var result = MarbleValues()
    var ok = true
    for entry in entries {
      let key: String
      switch entry.key {
      case .name(let name), .string(let name): key = name
      case .wildcard: key = "*"
      }
      if key == "#" {
        if let kind = read.word(entry.value) { result.errorKind = kind.text } else { ok = false }
      } else if key.count == 1, let value = read.constant(entry.value) {
        result.values[key.first!] = value
      } else {
        if key.count != 1 {
          read.compiler.report(.badMarbleKey(entry.keySpan))
        }
        ok = false
      }
    }
    return ok ? result : nil
  }
}
