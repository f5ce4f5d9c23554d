import Operators

/// An error event of a pipeline, which is also a record (LANGUAGE.md §4).
///
///     let error = PipeError(kind: "cityNotFound", message: "no city named xyzzy",
///                           source: "weather \"xyzzy\"", status: 404, attempt: 1)
///     error.value.show
///     // {kind: "cityNotFound", message: "no city named xyzzy", source: "weather \"xyzzy\"", ...}
public struct PipeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A camelCase word: `cityNotFound`, `timeout`, `typeError`, `divisionByZero`, ...
  public var kind: String
  public var message: String
  /// The source text of the stage that raised it.
  public var source: String
  /// The HTTP status, where there is one.
  public var status: Int?
  /// The subscription number of the stage that raised it, from 1.
  public var attempt: Int?
  /// How long the service asked to be left alone before the next try (an HTTP `Retry-After`),
  /// where it said; a back-off waits at least that long.
  public var retryAfter: Time?

  /// The error naming `element`, unless an inner sub-pipeline already named its own.
  func naming(_ element: Value) -> PipeError {
    var copy = self
    if copy.element == nil { copy.element = element }
    return copy
  }
  /// In a sub-pipeline (`flatMap (weather .)`), the element it ran for: messages name it,
  /// the record leaves it out.
  public var element: Value?
  /// The graph node of the stage that raised it, where known (`Graph.Node.id`): where a
  /// message puts its caret, when the statement has other stages of the same text. Two
  /// errors that differ only in it are equal.
  public var node: Int? {
    get { mark.node }
    set { mark.node = newValue }
  }
  private var mark = NodeMark()

  public init(
    kind: String, message: String, source: String = "", status: Int? = nil, attempt: Int? = nil,
    retryAfter: Time? = nil
  ) {
    self.kind = kind
    self.message = message
    self.source = source
    self.status = status
    self.attempt = attempt
    self.retryAfter = retryAfter
  }

  /// The error as a record: kind, message, source, then status, attempt and `retryAfter` (in
  /// seconds) when known.
  public var value: Value {
    var record: Record = ["kind": .string(kind), "message": .string(message), "source": .string(source)]
    if let status { record["status"] = .int(status) }
    if let attempt { record["attempt"] = .int(attempt) }
    if let retryAfter {
      let seconds = retryAfter.seconds
      record["retryAfter"] = seconds == seconds.rounded() ? .int(Int(seconds)) : .double(seconds)
    }
    return .record(record)
  }

  /// Reads an error back from its record; nil unless it has a string `kind`.
  public init?(_ value: Value) {
    guard case .string(let kind)? = value["kind"] else { return nil }
    self.kind = kind
    self.message = value["message"]?.string ?? ""
    self.source = value["source"]?.string ?? ""
    if case .int(let status)? = value["status"] { self.status = status }
    if case .int(let attempt)? = value["attempt"] { self.attempt = attempt }
    switch value["retryAfter"] {
    case .int(let seconds)?: retryAfter = .seconds(seconds)
    case .double(let seconds)?: retryAfter = .seconds(seconds)
    default: break
    }
  }

  /// `cityNotFound: no city named xyzzy`.
  public var description: String { "\(kind): \(message)" }
}

extension PipeError {
  /// A value of the wrong type met at run time, such as `"a" - 1`.
  public static let typeErrorKind = "typeError"
  /// `/` or `%` by zero, for ints and doubles alike.
  public static let divisionByZeroKind = "divisionByZero"
  /// An int result outside 64 bits, such as `9223372036854775807 + 1`.
  public static let overflowKind = "overflow"
}

/// A stage's node that equality and hashing leave out: where an error came from, not what it is.
private struct NodeMark: Hashable, Sendable {
  var node: Int?

  static func == (_: NodeMark, _: NodeMark) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
