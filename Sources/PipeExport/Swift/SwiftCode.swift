import PipeDSL

/// The Swift both Combine and RxSwift exports write the same way.
enum SwiftCode {
  /// The statement of an `onNext`/`onError`/`tap` action, `element` being the value or error.
  static func actionBody(_ action: Meaning.Action, element: String, context: ExportContext) -> String {
    switch action {
    case .log: return "print(\(element))"
    case .say(let expr):
      noteReads(expr, context: context)
      return "print(\(ExpressionWriter(dialect: .swift, element: element).write(expr)))"
    case .count(let name):
      context.declare("var \(name) = 0")
      return "\(name) += 1; print(\"\(name): \\(\(name))\")"
    }
  }

  /// A value written as a Swift literal, or as the stream's own type where it joins a stream
  /// of a plugin's type (`context.joining`).
  static func literal(_ arg: Arg, context: ExportContext) -> String {
    let literal = CodeDialect.swift.literal(arg)
    guard let joining = context.joining, joining.literal == literal else {
      return value(arg, context: context)
    }
    context.joining?.written = true
    return joining.value
  }

  /// A value written as a Swift literal, each record whose fields' types its words say as its
  /// struct (`RecordType`): `CityTemp(city: "Oslo", temp: 3)`.
  static func value(_ arg: Arg, context: ExportContext) -> String {
    switch arg.kind {
    case .dict(let entries):
      guard let type = Meaning.swiftType(arg), RecordType(type) != nil else { break }
      let fields = entries.map { "\($0.keyText): \(value($0.value, context: context))" }
      return context.swiftName(of: type) + "(" + fields.joined(separator: ", ") + ")"
    case .list(let items):
      return "[" + items.map { value($0, context: context) }.joined(separator: ", ") + "]"
    default: break
    }
    return CodeDialect.swift.literal(arg)
  }

  /// A closure of the element, `body` written from `expr`: `{ $0.city }`, or `{ _ in "tick" }`
  /// when the expression does not read it (Swift does not let `$0` go unused).
  static func closure(_ body: String, of expr: Expr) -> String {
    expr.readsElement ? "{ \(body) }" : "{ _ in \(body) }"
  }

  /// `scan`'s closure: `{ $0 + $1 }`, or with names when the body leaves one unread; with
  /// pipe's checked arithmetic (`SwiftChecks`, `acc` of the seed's type), then `try`: whether.
  static func scanClosure(_ expr: Expr, seed: Arg, context: ExportContext) -> (text: String, throws: Bool) {
    noteReads(expr, context: context)
    let short = expr.reads("acc") && expr.readsElement
    var writer = ExpressionWriter(
      dialect: .swift, element: short ? "$1" : "value", names: ["acc": short ? "$0" : "acc"])
    let checks = SwiftChecks(
      elementType: context.elementType, names: Meaning.swiftType(seed).map { ["acc": $0] } ?? [:])
    writer.checks = checks
    var body = writer.write(expr)
    if checks.throwing {
      context.use(SwiftChecks.helper)
      context.readErrorRecord()
      body = "try " + body
    }
    return (short ? "{ \(body) }" : "{ acc, value in \(body) }", checks.throwing)
  }

  /// The type the cache holds, for its cast: the stream's, where the writer knows it.
  static func cacheType(_ elementType: String?, context: ExportContext) -> String {
    context.swiftName(of: elementType ?? "String")
  }

  static let cacheDeclaration =
    "/// The last good value of each request, for `catch cache` (the book's dictionary).\nvar cache: [String: Any] = [:]"

  /// `mapError { {kind: "rateLimited", retryAfter: 2} }`: a record with a kind is the new
  /// error, `PipeError("rateLimited", retryAfter: 2)`; nil for a record without one.
  static func error(from entries: [RecordEntry], element: String, context: ExportContext) -> String? {
    let writer = ExpressionWriter(dialect: .swift, element: element)
    guard let kind = entries.first(where: { $0.key.text == "kind" }) else { return nil }
    context.readErrorRecord()
    entries.forEach { noteReads($0.value, context: context) }
    var arguments = [writer.write(kind.value)]
    for label in ["message", "status", "retryAfter"] {
      if let entry = entries.first(where: { $0.key.text == label }) {
        arguments.append("\(label): \(writer.write(entry.value))")
      }
    }
    return "PipeError(" + arguments.joined(separator: ", ") + ")"
  }

  /// pipe's enumerate as a record, `{index: 0, value: "a"}` (RxSwift's `enumerated()` gives a
  /// tuple, which prints `(index: 0, element: "a")`); `Record` is the `show` helper's.
  static let indexed = """
    /// pipe's enumerate: a value with its index, printed `{index: 0, value: "a"}`.
    struct Indexed<Value>: Record {
        var index: Int
        var value: Value
        var fields: [(String, Any)] { [("index", index), ("value", value)] }
    }
    """

  /// pipe's error record over any error: `PipeError` for what a kind alone does not say (the
  /// attempt, the message, Retry-After), and the fields every error is read by (`error.kind`);
  /// the kind of the pipeline's own `errors` type is its case's name. With `numbered`, a
  /// PipeError says whether a stage has numbered it (the first that does, as pipe stamps an
  /// error once); `rxTimeout` makes RxSwift's `RxError.timeout` of pipe's kind `timeout`.
  static func pipeError(numbered: Bool, errors: ErrorEnum?, rxTimeout: Bool) -> String {
    var kind: [String] = []
    if rxTimeout { kind.append("if case RxError.timeout? = self as? RxError { return \"timeout\" }") }
    if let errors { kind.append("if let error = self as? \(errors.name) { return error.rawValue }") }
    kind.append("return (self as? PipeError)?.kind ?? String(describing: type(of: self))")
    return """
      /// An error of one of pipe's kinds, with what pipe knows of it besides its kind.
      struct PipeError: Error, CustomStringConvertible {
          var kind: String
          var message = ""
          var attempt = 1
      \(numbered ? "    var numbered = false\n" : "")\
          /// The stage that raised it, the HTTP status behind it, the seconds its service asked
          /// to be left alone (`Retry-After`): set them where your services know them.
          var source = ""
          var status: Int?
          var retryAfter: Double?

          init(_ kind: String, message: String = "", status: Int? = nil, retryAfter: Double? = nil) {
              self.kind = kind
              self.message = message.isEmpty ? kind : message
              self.status = status
              self.retryAfter = retryAfter
          }

          /// `error` as a PipeError, numbered by the attempt that failed.
          init(_ error: Error, attempt: Int) {
              self = error as? PipeError ?? PipeError(error.kind, message: error.message)
              self.attempt = attempt
          }

          var description: String { kind }
      }

      extension Error {
          /// The name of the error's case, or a PipeError's kind; another error's type name.
          var kind: String {
      \(kind.map { "        " + $0 }.joined(separator: "\n"))
          }
          var message: String { (self as? PipeError)?.message ?? String(describing: self) }
          /// Which subscription of its source failed, from 1.
          var attempt: Int { (self as? PipeError)?.attempt ?? 1 }
          var source: String { (self as? PipeError)?.source ?? "" }
          var status: Int? { (self as? PipeError)?.status }
          var retryAfter: Double? { (self as? PipeError)?.retryAfter }
      }
      """
  }

  /// The name a writer marks on its context (`ExportContext.readErrorRecord`) where the code
  /// it writes reads pipe's error record; Combine's helper of that name declares it.
  static let errorRecord = CombineHelper.pipeError.rawValue

  /// Marks the error record as read where `expr` reads one of its fields (`.kind`, `.attempt`):
  /// of an error, or of a record of the same field names, which the record's declaration leaves
  /// as it is.
  static func noteReads(_ expr: Expr, context: ExportContext) {
    let reads = expr.contains {
      if case .field(_, let name) = $0.kind { return ErrorRecordPart(field: name.text) != nil }
      return false
    }
    if reads { context.readErrorRecord() }
  }

  /// Marks the error record as read where a path of fields (`.kind` of `just .kind`) names one.
  static func noteReads(_ path: [Name], context: ExportContext) {
    if path.contains(where: { ErrorRecordPart(field: $0.text) != nil }) { context.readErrorRecord() }
  }

  /// Each line of `text` as a `//` comment (Swift and JavaScript alike).
  static func lineComments(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
  }
}

/// The parts of pipe's error record (`SwiftCode.pipeError`) Swift code can read: the
/// `PipeError` type, or a field of its `extension Error`. Each helper lists those it reads
/// (`CombineHelper.reads`, `RxSwiftHelper.reads`); a document using one declares the record.
enum ErrorRecordPart: String, CaseIterable {
  case pipeError = "PipeError"
  case kind, message, attempt, source, status, retryAfter

  /// The field an expression's `.name` reads, where it is one of the record's.
  init?(field name: String) {
    guard let part = Self(rawValue: name), part != .pipeError else { return nil }
    self = part
  }
}
