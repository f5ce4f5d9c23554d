import PipeDSL

/// Where JavaScript's operators agree with pipe's only for some running values, the RxJS export
/// calls a checked helper (`RxJSExport.checked`) that fails the stream with pipe's error:
/// `x.a` of a record without `a` is undefined (pipe: null), `null.a` a TypeError (pipe: null),
/// `'a' + 1` is 'a1' and `'a' < 1` false (pipe: typeError), `1 / x` Infinity where x is 0
/// (pipe: divisionByZero), an int beyond 2^53 loses precision (pipe: overflow beyond 2^63),
/// `[1] === [1]` false (pipe compares values), `1 && true` true (pipe: typeError). Where the
/// operand types say JavaScript agrees (a plugin source's typed fields, literals, `str`, `len`),
/// the plain operator stays: `x.temp > 20`, `x.city + '!'`.
///
///     { .a + 1 }   // pipeAdd(pipeField(x, 'a'), 1)
final class RxJSChecks: RuntimeChecks {
  let context: ExportContext
  /// The type of `.` (`int`, `double`, `string`, `bool`, `error`, a plugin source's type), nil
  /// where only the running value says.
  let elementType: String?
  /// The field reads written plainly where they are compared (`comparesPlainly`).
  private var plainFields: Set<Expr> = []

  init(context: ExportContext, elementType: String?) {
    self.context = context
    self.elementType = elementType
  }

  func call(_ expr: Expr, write: (Expr) -> String) -> String? {
    switch expr.kind {
    case .field(let base, let name):
      if plainFields.contains(expr) { return nil }
      if let type = type(base), Self.fields(of: type)[name.text] != nil { return nil }
      return use("pipeField") + "(\(write(base)), \(CodeDialect.javascript.string(name.text)))"
    case .unary(.negate, let operand):
      // An int's -0 would print as -0 (pipe's 0).
      if case .literal = operand.kind { return nil }
      if type(operand) == "double" { return nil }
      return use("pipeNegate") + "(\(write(operand)))"
    case .binary(let op, let lhs, let rhs):
      if comparesPlainly(op, lhs, rhs) { return nil }
      guard let helper = helper(op, type(lhs), type(rhs), divisor: rhs) else { return nil }
      let (left, right) = (write(lhs), write(rhs))
      switch op {
      case .less, .lessEqual, .greater, .greaterEqual:
        return use(helper) + "(\(left), '\(op.rawValue)', \(right))"
      case .notEqual: return "!" + use(helper) + "(\(left), \(right))"
      default: return use(helper) + "(\(left), \(right))"
      }
    default: return nil
    }
  }

  /// `e.status === 404`: a field of a value of a known record type (an error, a plugin
  /// source's, a materialized record) compared with a literal that is not null is read
  /// plainly, even where the value may lack it: its undefined equals no such literal, as
  /// pipe's null does not. Marks the field read as plain; whether it is.
  private func comparesPlainly(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr) -> Bool {
    guard op == .equal || op == .notEqual else { return false }
    func isField(_ expr: Expr) -> Bool {
      guard case .field(let base, _) = expr.kind, let type = type(base) else { return false }
      return type == "error" || type == Meaning.recordType || PluginStub.withType(type) != nil
    }
    func isLiteral(_ expr: Expr) -> Bool {
      if case .literal(let value) = expr.kind { return value != .null }
      return false
    }
    for (field, other) in [(lhs, rhs), (rhs, lhs)] where isField(field) && isLiteral(other) {
      plainFields.insert(field)
      return true
    }
    return false
  }

  func bool(_ expr: Expr, role: String, write: (Expr) -> String) -> String? {
    type(expr) == "bool" ? nil : use("pipeBool") + "(\(write(expr)), \(CodeDialect.javascript.string(role)))"
  }

  /// A condition of filter, takeWhile or throwIf, checked to be a bool where its type does not
  /// say it is one (JavaScript's filter takes 1 as true; pipe fails with typeError).
  func condition(_ expr: Expr, written: String) -> String {
    type(expr) == "bool" ? written : use("pipeBool") + "(\(written))"
  }

  /// `.city.name` of an argument (`just .city`) read from `base`, each field checked where
  /// its record's type does not have it.
  func path(_ base: String, _ names: [String]) -> String {
    var (text, type) = (base, elementType)
    for name in names {
      if let known = type, let field = Self.fields(of: known)[name] {
        (text, type) = (text + "." + name, field)
      } else {
        (text, type) = (use("pipeField") + "(\(text), \(CodeDialect.javascript.string(name)))", nil)
      }
    }
    return text
  }

  /// The helper of `op` on operands of these types, or nil where JavaScript's operator does
  /// what pipe's does: arithmetic with a double (an int's can overflow or give -0), `+` of two
  /// strings or lists, `/` and `%` by a literal other than 0, an order of two numbers or two
  /// strings, `===` with a side of a type JavaScript compares by value.
  private func helper(_ op: BinaryOperator, _ left: String?, _ right: String?, divisor: Expr) -> String? {
    let numbers = Self.isNumber(left) && Self.isNumber(right)
    let withDouble = numbers && (left == "double" || right == "double")
    switch op {
    case .add:
      if let left, left == right, left == "string" || left == "list" { return nil }
      return withDouble ? nil : "pipeAdd"
    case .subtract: return withDouble ? nil : "pipeSubtract"
    case .multiply: return withDouble ? nil : "pipeMultiply"
    case .divide: return withDouble && divisor.isNonzeroLiteral ? nil : "pipeDivide"
    case .remainder: return withDouble && divisor.isNonzeroLiteral ? nil : "pipeRemainder"
    case .less, .lessEqual, .greater, .greaterEqual:
      return numbers || (left == "string" && right == "string") ? nil : "pipeCompare"
    case .equal, .notEqual:
      let byValue: Set = ["string", "int", "double", "number", "bool", "null"]
      return left.map(byValue.contains) == true || right.map(byValue.contains) == true ? nil : "pipeEqual"
    case .and, .or: return nil
    }
  }

  private func use(_ helper: String) -> String {
    context.use(helper)
    // A check that fails names the values as pipe does (`int 1`): `pipeDescribe`, over `show`'s
    // literal, in a PipeError. pipeEqual never fails.
    guard helper != "pipeEqual" else { return helper }
    for name in ["pipeDescribe", "show", RxJSWriter.pipeError] { context.use(name) }
    if ["pipeAdd", "pipeSubtract", "pipeMultiply", "pipeDivide", "pipeRemainder"].contains(helper) {
      context.use("pipeArithmetic")
    }
    return helper
  }

  /// The type of an expression where its words say it: pipe's `int`, `double`, `number` (one
  /// of the two), `string`, `bool`, `null`, `list`, `record`, `error`, or a plugin source's
  /// type; nil where only the running value says.
  func type(_ expr: Expr) -> String? {
    switch expr.kind {
    case .literal(.string): return "string"
    case .literal(.int): return "int"
    case .literal(.double), .literal(.duration): return "double"
    case .literal(.bool): return "bool"
    case .literal(.null): return "null"
    case .list: return "list"
    case .record: return "record"
    case .element: return elementType
    case .name, .invalid: return nil
    case .field(let base, let name): return type(base).flatMap { Self.fields(of: $0)[name.text] ?? nil }
    case .unary(.not, _): return "bool"
    case .unary(.negate, let operand): return Self.isNumber(type(operand)) ? type(operand) : nil
    case .binary(let op, let lhs, let rhs): return type(op, type(lhs), type(rhs))
    case .conditional(_, let then, let otherwise):
      let (a, b) = (type(then), type(otherwise))
      return a == b ? a : Self.isNumber(a) && Self.isNumber(b) ? "number" : nil
    case .call(let name, let arguments):
      switch name.text {
      case "str": return "string"
      case "len": return "int"
      case "num", "round": return "number"
      case "abs": return arguments.first.flatMap(type).flatMap { Self.isNumber($0) ? $0 : nil }
      default: return nil
      }
    }
  }

  private func type(_ op: BinaryOperator, _ left: String?, _ right: String?) -> String? {
    switch op {
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or: return "bool"
    case .add where left == right && (left == "string" || left == "list"): return left
    default:
      guard Self.isNumber(left), Self.isNumber(right) else { return nil }
      if left == "double" || right == "double" { return "double" }
      return left == "int" && right == "int" && op != .divide ? "int" : "number"
    }
  }

  private static func isNumber(_ type: String?) -> Bool { ["int", "double", "number"].contains(type) }

  /// The fields a value of `type` always has, with their types (nil: of no one type): a
  /// plugin source's, an error's kind, message and attempt, a materialized record's event.
  static func fields(of type: String) -> [String: String?] {
    switch type {
    case "error": return ["kind": "string", "message": "string", "attempt": "int"]
    case Meaning.recordType: return ["event": "string"]
    default:
      let types = ["String": "string", "Double": "double", "Int": "int"]
      let fields = PluginStub.withType(type)?.fields ?? []
      return Dictionary(fields.map { ($0.name, types[$0.type]) }) { first, _ in first }
    }
  }

  /// The type a walk's element type (`Int`, `Weather`, `PipeRecord`) is here, nil where a
  /// value of it could be of another (a source's literals of several types).
  static func type(ofElement swiftType: String?) -> String? {
    guard let swiftType else { return nil }
    let types = [
      "Int": "int", "Double": "double", "String": "string", "Bool": "bool", ChainWalk.errorsType: "error",
      Meaning.recordType: Meaning.recordType,
    ]
    if let type = types[swiftType] { return type }
    return PluginStub.withType(swiftType) != nil ? swiftType : nil
  }

  /// The type of a diagram's values without a map: digits are ints, other letters strings
  /// (`RxJSWriter.marbleValues`); nil for both.
  private static func lettersType(_ diagrams: [String]) -> String? {
    let digits = Set(MarbleText.valueLetters(diagrams).map(\.isNumber))
    return digits.count == 1 ? (digits.first! ? "Int" : "String") : nil
  }

  /// A source's element type where each of its values has it: `of(1, 2.0)` holds an int and a
  /// double (nil), where the Swift writers give it `Double`.
  static func sourceType(_ source: Meaning) -> String? {
    switch source {
    case .of(let args): return Set(args.map(Meaning.swiftType)).count == 1 ? Meaning.sourceType(source) : nil
    case .cold(let diagrams, let values) where values.isEmpty: return lettersType(diagrams)
    case .hot(let diagram, let values) where values.isEmpty: return lettersType([diagram])
    case .cold, .hot: return nil
    default: return Meaning.sourceType(source)
    }
  }
}

extension Expr {
  /// Whether the expression is a number literal other than 0 (`2`, `-0.5`): a divisor by
  /// which `/` and `%` cannot fail.
  var isNonzeroLiteral: Bool {
    switch kind {
    case .literal(.int(let int)): return int != 0
    case .literal(.double(let double)): return double != 0
    case .unary(.negate, let operand): return operand.isNonzeroLiteral
    default: return false
    }
  }
}
