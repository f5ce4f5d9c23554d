import Operators

/// A sub-pipeline that ends as it is subscribed, with at most one value and nothing left to
/// dispose: `just EXPR` and elementwise stages after it (`(just . | map { . + 1 })`). For such
/// an inner pipeline `flatMap`, `concatMap` and `flatMapLatest` do the same thing (each inner
/// has ended before the next value comes), so, when nothing traces the stages one by one, the
/// stage is elementwise (`CompiledStage.subpipelines`): `run` does per value what the built
/// sub-pipeline would do, without building it. Its subscriptions count, its errors name the
/// stage and the element, and a too deep value is refused, as the built one's.
struct ImmediatePipeline {
  /// The value of `just`'s argument for the element.
  let value: DotReader
  /// The source's graph node and text, for the errors it raises.
  let node: Int
  let text: String
  /// Every stage's graph node, the source's first, counted once per run.
  let nodes: [Int]
  /// The elementwise stages after the source, each made anew per run (a `scan` starts from
  /// its seed, a `take` counts from its N).
  let makes: [ValueStepper.Maker]

  /// The pipeline's immediate form, when its source has one and every later stage is
  /// elementwise; nil otherwise.
  init?(source: DotReader?, node: Int, text: String, nodes: [Int], parts: [TransformPart]) {
    guard let source else { return nil }
    guard parts.allSatisfy({ if case .elementwise = $0.body { true } else { false } }) else { return nil }
    self.value = source
    self.node = node
    self.text = text
    self.nodes = nodes
    self.makes = StageBuild.makers(parts[...])
  }

  /// The steps of a stage that runs this pipeline for each value in `env`: the value it
  /// gives, or a drop when a stage dropped it. The stages' steps are made with the stage's
  /// own; those that keep state (`scan` from its seed, `take` from its N) again for every value.
  func steps(_ env: Env) -> StageSteps {
    let runtime = env.runtime
    let nodes = nodes
    // The stages after the source see the element only as their value: `env` is theirs.
    let made = makes.map { $0.make(env) }
    if made.isEmpty {
      return StageSteps { value in
        runtime.attempts.count(nodes)
        value = try source(value)
        return true
      }
    }
    let stages: ValueStep
    if made.allSatisfy(\.stateless) {
      stages = StageBuild.composed(made.map { ValueStepper($0.step) })
    } else {
      let makes = zip(made, makes).map { steps, maker in steps.stateless ? { steps } : { maker.make(env) } }
      stages = { value in
        for make in makes {
          guard try make().step(&value) else { return false }
        }
        return true
      }
    }
    return StageSteps { value in
      runtime.attempts.count(nodes)
      var result = try source(value)
      do {
        guard try stages(&result) else { return false }
      } catch {
        throw PipeError.from(error).naming(value)
      }
      value = result
      return true
    }
  }

  /// The value a subscription for `element` starts with, the source's; a thrown error is the
  /// one it would end with.
  private func source(_ element: Value) throws -> Value {
    let value: Value
    do {
      value = try self.value(element)
    } catch {
      throw PipeError.stamped(error, source: text, attempt: 1, node: node).naming(element)
    }
    if value.nests(deeperThan: Value.maxDepth) {
      throw PipeError.stamped(PipeError.tooDeep, source: text, attempt: 1, node: node).naming(element)
    }
    return value
  }
}
