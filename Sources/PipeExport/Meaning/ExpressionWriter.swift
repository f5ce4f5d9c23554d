import PipeDSL

/// Writes a pipe expression in Swift or JavaScript: `.` becomes `element` (`$0`, `x`), the
/// free names (`acc`) what `names` says, the built-in functions the language's own.
///
///     { .kind == "cityNotFound" ? "City name is invalid" : "Server error" }
///     // Swift:      $0.kind == "cityNotFound" ? "City name is invalid" : "Server error"
///     // JavaScript: e.kind === 'cityNotFound' ? 'City name is invalid' : 'Server error'
struct ExpressionWriter {
  var dialect: CodeDialect
  var element: String
  var names: [String: String] = [:]
  /// Whether `.` is a materialized event's record, whose `value` is optional: `.value.aqi` is
  /// read `$0.value?.aqi`, and a `? :` whose sides differ (`.value.aqi` or `.error.kind`, an Int
  /// or a String, which pipe mixes) shows both as pipe prints them.
  var readsRecord = false
  /// The run-time checks of a library whose operators differ from pipe's for some values
  /// (`RxJSChecks`): an operator they check is written as their helper's call.
  var checks: (any RuntimeChecks)?
  /// The type of `.` (nil: not known) and the name a record type's struct has in the code
  /// (`ExportContext.swiftName(of:)`): with both, a record whose fields' types are known is
  /// written as its struct, `CityTemp(city: "Oslo", temp: 3)` (`RecordType`).
  var elementType: String?
  var structName: ((String) -> String)?

  func write(_ expr: Expr) -> String {
    if let call = checks?.call(expr, write: write) { return call }
    switch expr.kind {
    case .literal(let literal): return dialect.literal(literal)
    case .element: return element
    case .name(let name): return names[name.text] ?? name.text
    case .field(let base, let name):
      if readsRecord, case .field(let inner, let field) = base.kind, case .element = inner.kind,
        field.text == "value"
      {
        return operand(base) + "?." + name.text
      }
      return operand(base) + "." + name.text
    case .list(let items): return "[" + items.map(write).joined(separator: ", ") + "]"
    case .record(let entries):
      if let structName, let type = Meaning.swiftType(expr, element: elementType), RecordType(type) != nil {
        return structName(type) + "("
          + entries.map { "\($0.key.text): \(write($0.value))" }.joined(separator: ", ")
          + ")"
      }
      return dialect.record(entries.map { ($0.key.text, write($0.value)) })
    case .unary(.not, let operand): return "!" + condition(operand, role: "!")
    case .unary(let op, let operand): return op.rawValue + self.operand(operand)
    case .binary(let op, let lhs, let rhs) where op == .and || op == .or:
      let role = op.rawValue
      return condition(lhs, role: role) + " " + spell(op) + " " + condition(rhs, role: role)
    case .binary(let op, let lhs, let rhs): return operand(lhs) + " " + spell(op) + " " + operand(rhs)
    case .conditional(let test, let then, let otherwise):
      if showsSides(then, otherwise) {
        return operand(test) + " ? show(" + write(then) + " as Any) : show(" + write(otherwise) + " as Any)"
      }
      return condition(test, role: "? :") + " ? " + operand(then) + " : " + operand(otherwise)
    case .call(let name, let arguments): return call(name.text, arguments.map(write))
    case .invalid: return "/* ? */"
    }
  }

  /// Whether a `? :` whose sides differ in type (a record's `.value.aqi` or `.error.kind`) shows
  /// both as pipe prints them, with the `show` helper.
  private func showsSides(_ then: Expr, _ otherwise: Expr) -> Bool {
    readsRecord && dialect == .swift && readsValue(then) != readsValue(otherwise)
  }

  /// Whether the written expression calls the `show` helper somewhere.
  func showsRecordSides(_ expr: Expr) -> Bool {
    expr.contains {
      if case .conditional(_, let then, let otherwise) = $0.kind { return showsSides(then, otherwise) }
      return false
    }
  }

  /// Whether `expr` reads the record's optional `.value`.
  private func readsValue(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .field(let base, let name):
      if case .element = base.kind { return name.text == "value" }
      return readsValue(base)
    default: return false
    }
  }

  /// A sub-expression, in parentheses when it is not one term (a helper's call is one).
  private func operand(_ expr: Expr) -> String {
    if let call = checks?.call(expr, write: write) { return call }
    return Self.isTerm(expr) ? write(expr) : "(" + write(expr) + ")"
  }

  /// An operand pipe needs to be a bool (`role`: `&&`, `? :`), checked where the checks say.
  private func condition(_ expr: Expr, role: String) -> String {
    checks?.bool(expr, role: role, write: write) ?? operand(expr)
  }

  private static func isTerm(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .binary, .conditional: return false
    default: return true
    }
  }

  /// Whether the written expression begins with a record, `{ city: 'Oslo' }.city`: an arrow
  /// function's body that does is put in parentheses, else JavaScript reads a block.
  static func beginsWithRecord(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .record: return true
    case .field(let first, _), .binary(_, let first, _), .conditional(let first, _, _):
      return isTerm(first) && beginsWithRecord(first)
    default: return false
    }
  }

  private func spell(_ op: BinaryOperator) -> String {
    guard dialect == .javascript else { return op.rawValue }
    switch op {
    case .equal: return "==="
    case .notEqual: return "!=="
    default: return op.rawValue
    }
  }

  private func call(_ name: String, _ arguments: [String]) -> String {
    let joined = arguments.joined(separator: ", ")
    switch (dialect, name) {
    case (.swift, "str"): return "String(describing: \(joined))"
    case (.swift, "len"): return "\(joined).count"
    case (.swift, "num"): return "Double(\(joined))"
    case (.swift, "round") where arguments.count == 1: return "Int((\(joined)).rounded())"
    // num, len, abs, round, min and max are the export's helpers of those names, which fail as pipe's do.
    case (.javascript, "str"): return "show(\(joined))"
    default: return "\(name)(\(joined))"
    }
  }
}

/// What a library's code checks at run time where its operators and pipe's agree only for
/// some values: a helper's call in place of an operator, a bool checked where pipe needs one.
protocol RuntimeChecks {
  /// The call of a checked helper in place of `expr`'s own operator (its operands written by
  /// `write`), or nil where the operator is written as it is.
  func call(_ expr: Expr, write: (Expr) -> String) -> String?
  /// `expr` checked to be a bool where pipe needs one (`role`: `&&`, `!`, `? :`), or nil
  /// where its type says it is.
  func bool(_ expr: Expr, role: String, write: (Expr) -> String) -> String?
}

extension Expr {
  /// Whether this expression, or one inside it, passes `test`.
  func contains(where test: (Expr) -> Bool) -> Bool {
    if test(self) { return true }
    switch kind {
    case .literal, .element, .name, .invalid: return false
    case .field(let base, _), .unary(_, let base): return base.contains(where: test)
    case .list(let items): return items.contains { $0.contains(where: test) }
    case .record(let entries): return entries.contains { $0.value.contains(where: test) }
    case .binary(_, let lhs, let rhs): return lhs.contains(where: test) || rhs.contains(where: test)
    case .conditional(let condition, let then, let otherwise):
      return [condition, then, otherwise].contains { $0.contains(where: test) }
    case .call(_, let arguments): return arguments.contains { $0.contains(where: test) }
    }
  }

  /// Whether the expression reads `.`, the element.
  var readsElement: Bool {
    contains {
      if case .element = $0.kind { return true }
      return false
    }
  }

  /// Whether the expression reads the name `name` (`acc`).
  func reads(_ name: String) -> Bool {
    contains {
      if case .name(let read) = $0.kind { return read.text == name }
      return false
    }
  }
}
