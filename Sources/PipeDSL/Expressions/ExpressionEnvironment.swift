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
///
/// The first value is kept apart from the rest, so the common one-name context (scan's
/// `acc`) allocates nothing per element.
public struct ExpressionContext: Sendable {
  private var count: Int
  private var first: Value
  private var rest: [Value]

  public init(_ variables: [Value]) {
    count = variables.count
    first = variables.first ?? .null
    rest = Array(variables.dropFirst())
  }

  /// No names bound.
  public init() { self.init(single: .null, count: 0) }

  /// A context binding one name, without an array.
  public init(single value: Value) { self.init(single: value, count: 1) }

  private init(single value: Value, count: Int) {
    self.count = count
    first = value
    rest = []
  }

  public var variables: [Value] { count == 0 ? [] : [first] + rest }

  /// The value of the name at `slot`; null for a slot nothing is bound to.
  subscript(slot: Int) -> Value {
    if slot == 0 && count > 0 { return first }
    return slot > 0 && slot < count ? rest[slot - 1] : .null
  }
}

/// A pure function of the expression language.
public struct ExpressionFunction: Sendable {
  public var name: String
  /// How many arguments it takes; `.max` as the upper bound means any number.
  public var arity: ClosedRange<Int>
  /// One line for `:help`, with an example.
  public var summary: String
  public var body: @Sendable ([Value]) throws(PipeError) -> Value
  /// The same function called with one argument, without a list for it (`len`, `str`): what
  /// `body` gives for `[x]`; nil where only `body` is.
  public var unary: (@Sendable (Value) throws(PipeError) -> Value)?

  public init(
    _ name: String, arity: ClosedRange<Int>, summary: String,
    unary: (@Sendable (Value) throws(PipeError) -> Value)? = nil,
    body: @escaping @Sendable ([Value]) throws(PipeError) -> Value
  ) {
    self.name = name
    self.arity = arity
    self.summary = summary
    self.unary = unary
    self.body = body
  }
}
