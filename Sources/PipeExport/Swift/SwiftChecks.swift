import PipeDSL

/// Where Swift's arithmetic differs from pipe's for some running values, the Combine and
/// RxSwift exports call a checked helper (`SwiftChecks.helper`) that throws pipe's error into
/// the stream: an Int `+`, `-` or `*` beyond 64 bits stops a Swift program (pipe: overflow),
/// an Int `%` by a zero too (pipe: divisionByZero), and a Double `/` or `%` by a zero is inf
/// or nan (pipe: divisionByZero); Swift has no `%` of Doubles at all (`truncatingRemainder`). Only where the exporter knows the operands' Swift types (literals,
/// the stream's, a plugin source's fields, `acc` of a scan from its seed); the closure that
/// calls one is a throwing one (Combine's tryMap, RxSwift's map).
///
///     { . * 2 }        // of Ints: { try pipeMultiply($0, 2) }
///     { 10.0 / . }     // of Doubles: { try pipeDivide(10.0, $0) }
final class SwiftChecks: RuntimeChecks {
  /// The Swift type of `.` (`Int`, `Double`, a plugin source's type), nil where not known.
  let elementType: String?
  /// The Swift types of the free names (`acc`).
  let names: [String: String]
  /// Whether a helper was called: the closure must then be a throwing one, its body `try`.
  private(set) var throwing = false

  init(elementType: String?, names: [String: String] = [:]) {
    self.elementType = elementType
    self.names = names
  }

  func call(_ expr: Expr, write: (Expr) -> String) -> String? {
    guard case .binary(let op, let lhs, let rhs) = expr.kind else { return nil }
    let (left, right) = (type(lhs), type(rhs))
    let ints = left == "Int" && right == "Int"
    let helper: String
    switch op {
    case .add where ints: helper = "pipeAdd"
    case .subtract where ints: helper = "pipeSubtract"
    case .multiply where ints: helper = "pipeMultiply"
    case .remainder where ints && !rhs.isNonzeroLiteral: helper = "pipeRemainder"
    case .remainder where left == "Double" || right == "Double":
      // Swift has no `%` of Doubles; pipe's keeps the dividend's sign, as truncatingRemainder.
      let dividend = left == "Double" ? "(\(write(lhs)))" : "Double(\(write(lhs)))"
      guard !rhs.isNonzeroLiteral else { return dividend + ".truncatingRemainder(dividingBy: \(write(rhs)))" }
      helper = "pipeRemainder"
    case .divide where (left == "Double" || right == "Double") && !rhs.isNonzeroLiteral:
      helper = "pipeDivide"
    default: return nil
    }
    throwing = true
    return helper + "(\(write(lhs)), \(write(rhs)))"
  }

  func bool(_ expr: Expr, role: String, write: (Expr) -> String) -> String? { nil }

  /// The Swift type of an expression where the exporter knows it: `Int`, `Double`, `String`,
  /// `Bool`; an int literal beside a Double is a Double, as Swift infers it.
  func type(_ expr: Expr) -> String? {
    switch expr.kind {
    case .literal(.int): return "Int"
    case .literal(.double), .literal(.duration): return "Double"
    case .literal(.string): return "String"
    case .literal(.bool): return "Bool"
    case .element: return elementType
    case .name(let name): return names[name.text]
    case .field(let base, let name):
      guard let stub = PluginStub.withType(type(base)) else { return nil }
      return stub.fields.first { $0.name == name.text }?.type
    case .unary(.negate, let operand): return type(operand)
    case .binary(let op, let lhs, let rhs):
      switch op {
      case .add, .subtract, .multiply, .divide, .remainder:
        let (left, right) = (type(lhs), type(rhs))
        if left == right { return left }
        if left == "Double", case .literal(.int) = rhs.kind { return "Double" }
        if right == "Double", case .literal(.int) = lhs.kind { return "Double" }
        return nil
      default: return "Bool"
      }
    case .call(let name, _) where name.text == "len": return "Int"
    default: return Meaning.swiftType(expr)
    }
  }

  /// The name the writers mark on their context where they call a helper.
  static let helper = "checked"

  /// The helpers' Swift, declared once where an export calls one (`CombineHelper.checked`,
  /// `RxSwiftHelper.checked`).
  static let helpers = #"""
    /// pipe's Int arithmetic: a result beyond 64 bits fails with overflow, where Swift's `+`,
    /// `-` and `*` stop the program.
    func pipeAdd(_ a: Int, _ b: Int) throws -> Int { try pipeInt("+", a, b, a.addingReportingOverflow(b)) }
    func pipeSubtract(_ a: Int, _ b: Int) throws -> Int { try pipeInt("-", a, b, a.subtractingReportingOverflow(b)) }
    func pipeMultiply(_ a: Int, _ b: Int) throws -> Int { try pipeInt("*", a, b, a.multipliedReportingOverflow(by: b)) }

    private func pipeInt(_ op: String, _ a: Int, _ b: Int, _ result: (partialValue: Int, overflow: Bool)) throws -> Int {
        guard !result.overflow else { throw PipeError("overflow", message: "'\(op)' on \(a) and \(b) overflows an int") }
        return result.partialValue
    }

    /// pipe's `%` of Ints: by zero it fails with divisionByZero, where Swift's stops the program.
    func pipeRemainder(_ a: Int, _ b: Int) throws -> Int {
        guard b != 0 else { throw PipeError("divisionByZero", message: "\(a) % 0: division by zero") }
        return a.remainderReportingOverflow(dividingBy: b).partialValue
    }

    /// pipe's `%` of Doubles (the dividend's sign, as Swift's truncatingRemainder): by zero it
    /// fails with divisionByZero, where Swift's is nan.
    func pipeRemainder(_ a: Double, _ b: Double) throws -> Double {
        guard b != 0 else { throw PipeError("divisionByZero", message: "\(a) % 0: division by zero") }
        return a.truncatingRemainder(dividingBy: b)
    }

    /// pipe's `/` of Doubles: by zero it fails with divisionByZero, where Swift's is inf or nan.
    func pipeDivide(_ a: Double, _ b: Double) throws -> Double {
        guard b != 0 else { throw PipeError("divisionByZero", message: "\(a) / 0: division by zero") }
        return a / b
    }
    """#
}
