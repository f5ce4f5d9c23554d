/// What an expression may use besides `.`: its free names, and the functions it may call.
///
///     ExpressionEnvironment.element           // map, filter, throwIf: only `.`
///     ExpressionEnvironment(names: ["acc"])   // scan: `acc` and `.`
///
/// The compiled expression reads the free names from `ExpressionContext.variables`, in the
/// order of `names`.
public struct ExpressionEnvironment: Sendable {
  public var names: [String]
  public var functions: [String: ExpressionFunction]

  public init(names: [String] = [], functions: [ExpressionFunction] = ExpressionFunction.builtins) {
    self.names = names
    self.functions = Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Only `.`, the current element.
  public static let element = ExpressionEnvironment()

  /// `acc` and `.`, for `scan`.
  public static let scan = ExpressionEnvironment(names: ["acc"])
}

/// The values of an environment's free names for one evaluation, in the environment's order.
public struct ExpressionContext: Sendable {
  public var variables: [Value]

  public init(_ variables: [Value] = []) { self.variables = variables }
}

/// A pure function of the expression language.
public struct ExpressionFunction: Sendable {
  public var name: String
  /// How many arguments it takes; `.max` as the upper bound means any number.
  public var arity: ClosedRange<Int>
  /// One line for `:help`, with an example.
  public var summary: String
  public var body: @Sendable ([Value]) throws(PipeError) -> Value

  public init(
    _ name: String, arity: ClosedRange<Int>, summary: String,
    body: @escaping @Sendable ([Value]) throws(PipeError) -> Value
  ) {
    self.name = name
    self.arity = arity
    self.summary = summary
    self.body = body
  }
}
