/// How long a pipeline may be.
///
/// The engine subscribes a pipeline stage inside stage and passes each event down the same
/// way, so a statement of thousands of stages would overflow the stack when it runs. The
/// checker refuses one past `maximumStages`, counting nested pipelines and the stages of
/// every `let` name it uses.
extension Compiler {
  static let maximumStages = 1000

  /// The stages a subscription of the statement just compiled goes through.
  var statementWeight: Int {
    graph.nodes.reduce(0) { total, node in total + (bindings[node.name]?.weight ?? 1) }
  }

  /// Marks `pipeline` with the statement's weight, or reports it as too long.
  func weighed(_ pipeline: CompiledPipeline, span: Span) -> CompiledPipeline? {
    var result = pipeline
    result.weight = statementWeight
    guard result.weight <= Self.maximumStages else {
      report(.pipelineTooLong(result.weight, maximum: Self.maximumStages, at: span))
      return nil
    }
    return result
  }
}
