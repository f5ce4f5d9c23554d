import Operators

extension Catalogue {
  static var sideEffectEntries: [CatalogueEntry] {
    [
      sideEffect(
        "onError",
        "Runs an action for an error, which passes on unchanged: `log`, `say { EXPR }` (`.` is the error record) or `count NAME`.",
        Example(
          "weather \"xyzzy\" | onError say { .kind == \"cityNotFound\" ? \"City name is invalid\" : \"Server error\" } | catchAndReturn null",
          prints: """
            City name is invalid
            null
            """),
        marble: Marble("a-b-#", "onError count failures", "a-b-#")),
      sideEffect(
        "onNext", "Runs an action for every value, which passes on unchanged.",
        Example(
          "of(1, 2) | onNext say { \"got \" + str(.) }",
          prints: """
            got 1
            1
            got 2
            2
            """), marble: Marble("a-b-#", "onNext count seen", "a-b-#")),
      sideEffect(
        "tap", "Runs an action for every event (value, error, completion), which passes on unchanged.",
        Example(
          "of(1, 2) | tap log",
          prints: """
            0s tap log: next 1
            1
            0s tap log: next 2
            2
            0s tap log: completed
            """), marble: Marble("a-b-#", "tap count events", "a-b-#")),
    ]
  }

  private static func sideEffect(_ name: String, _ doc: String, _ example: Example, marble: Marble)
    -> CatalogueEntry
  {
    CatalogueEntry(
      name: name, role: .errors, signature: "\(name) log | \(name) say { EXPR } | \(name) count NAME",
      doc: doc, marble: marble, examples: [example], arity: 1...2
    ) { context in
      guard let action = SideEffectAction.read(context) else { return nil }
      let text = context.stage.text
      return .transform { upstream, env in
        let run = { (value: Value, kind: String) in action.run(value, kind: kind, stage: text, env: env) }
        switch name {
        case "onError": return upstream.do(onError: { run(PipeError.from($0).value, "error") })
        case "onNext": return upstream.do(onNext: { run($0, "next") })
        default:
          return upstream.do(
            onNext: { run($0, "next") }, onError: { run(PipeError.from($0).value, "error") },
            onCompleted: { run(.null, "completed") })
        }
      }
    }
  }
}

/// What `onError`, `onNext` and `tap` do.
enum SideEffectAction {
  case log
  case say(CompiledExpression)
  case count(String)

  static func read(_ context: StageContext) -> SideEffectAction? {
    if case .expression = context.positional[0].kind {
      // `onNext { print($0) }`: Rx's closure; pipe names the action, then its expression.
      let name = context.name.text
      context.report(.actionBeforeExpression(name, at: context.positional[0].span))
      return nil
    }
    guard let word = context.read.word(context.positional[0]) else { return nil }
    let argument = context.argument(1)
    switch word.text {
    case "log":
      guard let argument else { return .log }
      context.report(.badAction("log takes nothing after it", at: argument.span))
      return nil
    case "say":
      guard let argument else {
        context.report(.badAction("write say { EXPR }", at: word.span))
        return nil
      }
      return context.read.expression(argument).map(SideEffectAction.say)
    case "count":
      guard let argument, let name = context.read.word(argument) else {
        context.report(.badAction("write count NAME", at: word.span))
        return nil
      }
      return .count(name.text)
    default:
      context.report(.unknownAction(word))
      return nil
    }
  }

  func run(_ value: Value, kind: String, stage: String, env: Env) {
    let runtime = env.runtime
    switch self {
    case .log:
      let detail = kind == "completed" ? "" : " " + value.show
      runtime.output.line("\(runtime.scheduler.now) \(stage): \(kind)\(detail)")
    case .say(let expression):
      do {
        let said = try expression(value)
        runtime.output.line(said.string ?? said.show)
      } catch {
        runtime.output.errorLine("error: \(error.kind) — \(error.message) (at \(stage))")
      }
    case .count(let name):
      runtime.counters[name, default: 0] += 1
      runtime.output.line("\(name): \(runtime.counters[name]!)")
    }
  }
}
