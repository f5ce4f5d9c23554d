/// The closures each kind of node compiles to.
extension ExpressionCompiler {
  static func variable(_ slot: Int) -> Evaluator {
    { _, context in context[slot] }
  }

  static func list(_ items: [Evaluator]) -> Evaluator {
    { (element, context) throws(PipeError) in
      var values: [Value] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try item(element, context)) }
      try Value.checkItems(values)
      return .list(values)
    }
  }

  /// A literal whose keys are all different (nearly every one) is built from its keys, made
  /// once here and shared by every record it makes (so a field read finds its key at the
  /// index it remembers, `FieldCache`), and its values in order: in one allocation, without
  /// looking its keys up. One that repeats a key keeps its first place and its last value,
  /// as `Record` does.
  static func record(_ fields: [(String, Evaluator)]) -> Evaluator {
    guard Set(fields.map(\.0)).count == fields.count else {
      return { (element, context) throws(PipeError) in
        var record = Record()
        for (key, field) in fields { record[key] = try field(element, context) }
        try Value.checkItems(record.fields.lazy.map(\.value))
        return .record(record)
      }
    }
    let keys = fields.map(\.0)
    let values = fields.map { BoxedEvaluator(run: $0.1) }
    return { (element, context) throws(PipeError) in
      var made: [Record.Field] = []
      made.reserveCapacity(keys.count)
      for index in keys.indices {
        made.append(Record.Field(keys[index], try values[index].run(element, context)))
      }
      try Value.checkItems(made.lazy.map(\.value))
      return .record(Record(uniqueFields: made))
    }
  }

  /// An evaluator kept in an array: boxed, so that calling it goes through no reabstraction
  /// thunk.
  struct BoxedEvaluator: Sendable {
    let run: Evaluator
  }

  static func unary(_ op: UnaryOperator, _ operand: @escaping Evaluator) -> Evaluator {
    switch op {
    case .not:
      return { (element, context) throws(PipeError) in try Operations.not(try operand(element, context)) }
    case .negate:
      return { (element, context) throws(PipeError) in try Operations.negate(try operand(element, context)) }
    }
  }

  /// `&&` and `||` evaluate their right side only when needed; both sides must be bools.
  static func binary(_ op: BinaryOperator, _ left: @escaping Evaluator, _ right: @escaping Evaluator)
    -> Evaluator
  {
    switch op {
    case .and, .or:
      let role = "'\(op.rawValue)'"
      let shortCircuit = op == .or
      return { (element, context) throws(PipeError) in
        let first = try Operations.requireBool(try left(element, context), in: role)
        if first == shortCircuit { return .bool(first) }
        return .bool(try Operations.requireBool(try right(element, context), in: role))
      }
    default:
      let apply = Operations.binary(op)
      return { (element, context) throws(PipeError) in
        try apply(try left(element, context), try right(element, context))
      }
    }
  }

  static func conditional(
    _ condition: @escaping Evaluator, _ then: @escaping Evaluator, _ otherwise: @escaping Evaluator
  ) -> Evaluator {
    { (element, context) throws(PipeError) in
      let chosen = try Operations.requireBool(try condition(element, context), in: "'? :'")
      return chosen ? try then(element, context) : try otherwise(element, context)
    }
  }

  static func call(_ function: ExpressionFunction?, _ arguments: [Evaluator]) -> Evaluator {
    guard let function, function.arity.contains(arguments.count) else {
      return { (_, _) throws(PipeError) in
        throw PipeError(kind: "invalidExpression", message: "unknown function")
      }
    }
    if arguments.count == 1, let unary = function.unary {
      let argument = arguments[0]
      return { (element, context) throws(PipeError) in try unary(try argument(element, context)) }
    }
    let body = function.body
    return { (element, context) throws(PipeError) in
      var values: [Value] = []
      values.reserveCapacity(arguments.count)
      for argument in arguments { values.append(try argument(element, context)) }
      return try body(values)
    }
  }
}
