/// An expression inside `{ ... }`, with its span.
///
///     { .kind == "cityNotFound" ? "City name is invalid" : "Server error" }
///     // conditional(binary(==, field(element, kind), "cityNotFound"), ..., ...)
public struct Expr: Hashable, Sendable {
  public var kind: ExprKind
  public var span: Span

  public init(_ kind: ExprKind, _ span: Span) {
    self.kind = kind
    self.span = span
  }
}

public indirect enum ExprKind: Hashable, Sendable {
  /// `42`, `"a"`, `true`, `null`, `1.5s` (a duration is its seconds as a Double).
  case literal(Literal)
  /// `.`: the current element.
  case element
  /// A free name such as `acc`; which names are allowed is the checker's parameter.
  case name(Name)
  /// `base.name`: `.main.temp` is `field(field(element, main), temp)`.
  case field(Expr, Name)
  /// `[a, b]`.
  case list([Expr])
  /// `[city: .name, temp: .main.temp]`, `[:]`.
  case record([RecordEntry])
  case unary(UnaryOperator, Expr)
  case binary(BinaryOperator, Expr, Expr)
  /// `c ? a : b`.
  case conditional(Expr, Expr, Expr)
  /// `round(.temp)`, `max(a, b)`.
  case call(Name, [Expr])
  /// Nothing readable stood here; only in a tree with errors.
  case invalid
}

/// `key: value` in a record literal.
public struct RecordEntry: Hashable, Sendable {
  public var key: Name
  public var value: Expr

  public init(key: Name, value: Expr) {
    self.key = key
    self.value = value
  }
}

public enum UnaryOperator: String, Hashable, Sendable {
  case negate = "-"
  case not = "!"
}

public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case and = "&&"
  case or = "||"
}
