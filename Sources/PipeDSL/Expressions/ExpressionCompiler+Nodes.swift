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
  /// call would retain and release), checks them against the limits without a measure when
  /// they are scalars and short strings (`Value.isSmallItem`), and moves them into storage
  /// from the literal's `RecordSite`: the storage of its last record when nothing else holds
  /// it any more, else one allocation. One that repeats a key keeps its first place and its
  /// last value, as `Record` does.
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
    let site = RecordSite(shape)
    switch keys.count {
    case 1:
      let v0 = values[0]
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        if !a.isSmallItem { try Value.checkItems([a]) }
        let made = site.make()
        made.values.initialize(to: consume a)
        return .record(made.record)
      }
    case 2:
      let (v0, v1) = (values[0], values[1])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        if !(a.isSmallItem && b.isSmallItem) { try Value.checkItems([a, b]) }
        let made = site.make()
        made.values.initialize(to: consume a)
        (made.values + 1).initialize(to: consume b)
        return .record(made.record)
      }
    case 3:
      let (v0, v1, v2) = (values[0], values[1], values[2])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        let c = try v2.value(element, context)
        if !(a.isSmallItem && b.isSmallItem && c.isSmallItem) { try Value.checkItems([a, b, c]) }
        let made = site.make()
        made.values.initialize(to: consume a)
        (made.values + 1).initialize(to: consume b)
        (made.values + 2).initialize(to: consume c)
        return .record(made.record)
      }
    case 4:
      let (v0, v1, v2, v3) = (values[0], values[1], values[2], values[3])
      return { (element, context) throws(PipeError) in
        let a = try v0.value(element, context)
        let b = try v1.value(element, context)
        let c = try v2.value(element, context)
        let d = try v3.value(element, context)
        if !(a.isSmallItem && b.isSmallItem && c.isSmallItem && d.isSmallItem) {
          try Value.checkItems([a, b, c, d])
        }
        let made = site.make()
        made.values.initialize(to: consume a)
        (made.values + 1).initialize(to: consume b)
        (made.values + 2).initialize(to: consume c)
        (made.values + 3).initialize(to: consume d)
        return .record(made.record)
      }
    default:
      return { (element, context) throws(PipeError) in
        var made: [Value] = []
        made.reserveCapacity(values.count)
        for value in values { made.append(try value.value(element, context)) }
        try Value.checkItems(made)
        return .record(Record(shape: shape, values: made))
      }
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
