/// The closures each kind of node compiles to.
extension ExpressionCompiler {
  static func variable(_ slot: Int) -> Evaluator {
    { _, context in context[slot] }
  }

  static func list(_ items: [BoxedEvaluator]) -> Evaluator {
    { (element, context) throws(PipeError) in
      var values: [Value] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try item.run(element, context)) }
      try Value.checkItems(values)
      return .list(values)
    }
  }

  /// A literal whose keys are all different (nearly every one) has a fixed shape: its keys'
  /// `RecordShape`, found once here and shared by every record it makes (and by every other
  /// record of those keys, so a field read finds its field by the shape, `FieldCache`), and
  /// its values in order, each read where it stands (`Operand`: the element, a constant, a
  /// name, a field of the element) or computed. Up to four fields are held by the closure one
  /// by one, so that making a record calls no closure kept in an array (whose context each
  /// call would retain and release) and allocates once: its shape and values together. One that
  /// repeats a key keeps its first place and its last value, as `Record` does.
  static func record(_ keys: [String], _ values: [Operand]) -> Evaluator {
    guard Set(keys).count == keys.count else {
      return { (element, context) throws(PipeError) in
        var record = Record()
        for index in keys.indices { record[keys[index]] = try values[index].value(element, context) }
        try Value.checkItems(record.values)
        return .record(record)
      }
    }
    let shape = RecordShape.of(keys)
    switch keys.count {
    case 1:
      let v0 = values[0]
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        return try checked(Record(shape: shape) { $0.initialize(to: a) })
      }
    case 2:
      let (v0, v1) = (values[0], values[1])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        return try checked(
          Record(shape: shape) {
            $0.initialize(to: a)
            ($0 + 1).initialize(to: b)
          })
      }
    case 3:
      let (v0, v1, v2) = (values[0], values[1], values[2])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        let c = try v2.value(element, context)
        return try checked(
          Record(shape: shape) {
            $0.initialize(to: a)
            ($0 + 1).initialize(to: b)
            ($0 + 2).initialize(to: c)
          })
      }
    case 4:
      let (v0, v1, v2, v3) = (values[0], values[1], values[2], values[3])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        let c = try v2.value(element, context)
        let d = try v3.value(element, context)
        return try checked(
          Record(shape: shape) {
            $0.initialize(to: a)
            ($0 + 1).initialize(to: b)
            ($0 + 2).initialize(to: c)
            ($0 + 3).initialize(to: d)
          })
      }
    default:
      return { (element, context) throws(PipeError) in
        var made: [Value] = []
        made.reserveCapacity(values.count)
        for value in values { made.append(try value.value(element, context)) }
        return try checked(Record(shape: shape, values: made))
      }
    }
  }

  /// A literal's record, once its values pass the limits.
  @inline(__always)
  private static func checked(_ record: Record) throws(PipeError) -> Value {
    try Value.checkItems(record.values)
    return .record(record)
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

  static func call(_ function: ExpressionFunction?, _ arguments: [BoxedEvaluator]) -> Evaluator {
    guard let function, function.arity.contains(arguments.count) else {
      return { (_, _) throws(PipeError) in
        throw PipeError(kind: "invalidExpression", message: "unknown function")
      }
    }
    if arguments.count == 1, let unary = function.unary {
      let argument = arguments[0].run
      return { (element, context) throws(PipeError) in try unary(try argument(element, context)) }
    }
    let body = function.body
    return { (element, context) throws(PipeError) in
      var values: [Value] = []
      values.reserveCapacity(arguments.count)
      for argument in arguments { values.append(try argument.run(element, context)) }
      return try body(values)
    }
  }
}
