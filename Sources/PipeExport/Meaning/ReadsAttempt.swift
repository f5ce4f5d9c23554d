import PipeDSL

/// Whether a script reads an error's `attempt` (`{ .attempt }`, `.error.attempt`, `just .attempt`):
/// then the exports number each stage's errors by its subscription, as pipe does. Read from the
/// tree, so that a string that says ".attempt" is not taken for it.
enum ReadsAttempt {
  static func program(_ program: Program) -> Bool {
    program.statements.contains { statement in
      switch statement.kind {
      case .run(let pipeline, _), .binding(_, let pipeline): return self.pipeline(pipeline)
      case .setting, .command: return false
      }
    }
  }

  static func pipeline(_ pipeline: Pipeline) -> Bool {
    pipeline.stages.contains { stage in
      switch stage.kind {
      case .group(let inner): return self.pipeline(inner)
      case .invalid: return false
      case .operator(let op): return ((op.callArguments ?? []) + op.arguments).contains(where: arg)
      }
    }
  }

  private static func arg(_ arg: Arg) -> Bool {
    switch arg.kind {
    case .element(let names): return names.contains { $0.text == "attempt" }
    case .expression(let expr): return self.expr(expr)
    case .list(let items): return items.contains(where: self.arg)
    case .dict(let entries): return entries.contains { self.arg($0.value) }
    case .call(let call): return call.arguments.contains(where: self.arg)
    case .labeled(_, let value): return self.arg(value)
    case .pipeline(let inner): return pipeline(inner)
    default: return false
    }
  }

  private static func expr(_ expr: Expr) -> Bool {
    expr.contains {
      if case .field(_, let name) = $0.kind { return name.text == "attempt" }
      return false
    }
  }
}
