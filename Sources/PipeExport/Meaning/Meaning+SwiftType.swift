import PipeDSL

/// The Swift element type a chain's literals suggest, for the Swift writers (Combine and
/// RxSwift) alike: the first literal a `catchAndReturn`, `startWith` or `catch (just V)` gives,
/// else `String`.
extension Meaning {
  static func swiftTypeHint(_ meanings: [Meaning]) -> String { literalTypeHint(meanings) ?? "String" }

  /// The type the first literal of a `catchAndReturn`, `startWith` or `catch (just V)` gives.
  static func literalTypeHint(_ meanings: [Meaning]) -> String? {
    for meaning in meanings {
      switch meaning {
      case .catchAndReturn(let arg), .startWith(let arg), .catchFallback(.just(let arg)):
        if let type = swiftType(arg) { return type }
      default: continue
      }
    }
    return nil
  }

  /// The type of a diagram's own values (its first), which a typed cold source must have:
  /// `-1-2|` is of `Int`, whatever a later `startWith` or `catchAndReturn` suggests.
  static func coldElementType(_ diagrams: [String], _ values: [DictEntry]) -> String? {
    let byLetter = Dictionary(values.map { ($0.keyText, $0.value) }) { first, _ in first }
    for diagram in diagrams {
      for (_, event) in MarbleText.events(diagram) where event != "|" && event != "#" {
        if let arg = byLetter[String(event)] { return Meaning.swiftType(arg) }
        return event.isNumber ? "Int" : "String"
      }
    }
    return nil
  }

  /// The stages whose own errors pipe numbers by their subscription (`error.attempt`).
  var raisesErrors: Bool {
    switch self {
    case .cold(let diagrams, _): return diagrams.contains { $0.contains("#") }
    case .hot(let diagram, _): return diagram.contains("#")
    case .fail, .plugin, .throwIf, .timeout: return true
    default: return false
    }
  }

  /// The element type of a materialized stream, as `elementType(after:)` says it: a record
  /// whose `value` and `error` are optional.
  static let recordType = "PipeRecord"

  /// The element type after this stage, from the type before it (nil: not known).
  func elementType(after type: String?, bindings: Set<String>) -> String? {
    switch self {
    case .flatMap(let inner), .concatMap(let inner), .flatMapLatest(let inner):
      return Self.elementType(of: inner, bindings: bindings)
    case .merge(let other), .concat(let other), .catchFallback(.pipeline(let other)),
      .timeoutElse(_, let other):
      return Self.elementType(of: other, bindings: bindings) == type ? type : nil
    case .materialize: return Self.recordType
    case .sink: return type
    case .group(let inner):
      return inner.stages.reduce(type) {
        Meaning.read($1, bindings: bindings).elementType(after: $0, bindings: bindings)
      }
    case .map(let expr): return Self.swiftType(expr, element: type)
    default: return CombineWriter.keepsElementType(self) ? type : nil
    }
  }

  /// The element type of a sub-pipeline, where its source says it (a plugin's, a literal's).
  static func elementType(of pipeline: Pipeline, bindings: Set<String>) -> String? {
    guard let first = pipeline.stages.first else { return nil }
    let source = read(first, bindings: bindings)
    switch source {
    case .plugin, .just, .cold, .range, .timer, .every: break
    default: return nil
    }
    // A source of unknown type (`just .`) may still end in a known one (`| map { "x" }`).
    return pipeline.stages.dropFirst().reduce(sourceType(source)) {
      Meaning.read($1, bindings: bindings).elementType(after: $0, bindings: bindings)
    }
  }

  /// The element type of a source, where it says it (a plugin's, a literal's).
  static func sourceType(_ source: Meaning) -> String? {
    switch source {
    case .plugin(let name, let arguments): return PluginStub.named(name, arguments: arguments.count).type
    case .just(let arg): return swiftType(arg)
    case .cold(let diagrams, let values): return coldElementType(diagrams, values)
    case .range, .timer, .every: return "Int"
    case .of(let args):
      // Literals of one type; Ints among Doubles are Doubles.
      let types = Set(args.map(swiftType))
      if types == ["Int", "Double"] { return "Double" }
      return types.count == 1 ? types.first! : nil
    default: return nil
    }
  }

  static func swiftType(_ arg: Arg) -> String? {
    switch arg.kind {
    case .literal(.string): return "String"
    case .literal(.int): return "Int"
    case .literal(.double), .literal(.duration): return "Double"
    case .literal(.bool): return "Bool"
    case .expression(let expr): return swiftType(expr)
    case .dict(let entries): return recordType(entries.map { ($0.keyText, swiftType($0.value)) })
    default: return nil
    }
  }

  /// The Swift type of an expression where its literals say it, or `.` is of `element`:
  /// `"no weather: " + .kind` is a String, `.temp > 20` a Bool, `.aqi + 1` an Int of an AirQuality,
  /// `[a: ., b: "x"]` of Ints `{a: Int, b: String}` (`RecordType`), and its `.a` an Int.
  static func swiftType(_ expr: Expr, element: String? = nil) -> String? {
    let swiftType = { (expr: Expr) in Self.swiftType(expr, element: element) }
    switch expr.kind {
    case .element: return element
    case .field(let base, let name):
      // A field of a record (`RecordType`) or of a plugin's type (`Weather`'s `temp`).
      guard let type = swiftType(base) else { return nil }
      return RecordType(type)?.type(of: name.text)
        ?? PluginStub.withType(type)?.fields.first { $0.name == name.text }?.type
    case .record(let entries): return recordType(entries.map { ($0.key.text, swiftType($0.value)) })
    case .literal(.string): return "String"
    case .literal(.int): return "Int"
    case .literal(.double), .literal(.duration): return "Double"
    case .literal(.bool), .unary(.not, _): return "Bool"
    case .unary(.negate, let operand): return swiftType(operand)
    case .binary(let op, let lhs, let rhs):
      switch op {
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or: return "Bool"
      case .add where swiftType(lhs) == "String" || swiftType(rhs) == "String": return "String"
      default:
        let sides = (swiftType(lhs), swiftType(rhs))
        let number = sides.0 == "Int" || sides.0 == "Double"
        return sides.0 == sides.1 && number ? sides.0 : nil
      }
    case .conditional(_, let then, let otherwise):
      let type = swiftType(then)
      return type == swiftType(otherwise) ? type : nil
    case .call(let name, _):
      return ["str": "String", "len": "Int", "num": "Double"][name.text]
    default: return nil
    }
  }
}

/// A value of another type joining a stream, `cold "-a-#" | startWith 0`: pipe's values are
/// dynamic, a Swift stream holds one type. Both become Strings, which print as pipe prints
/// them; the writer says so at that line.
struct MixedTypes {
  /// The stage, with its value as a String where it was not one.
  var meaning: Meaning
  /// Whether the stream's own values must be made Strings first (`.map { String(describing: $0) }`).
  var convertsStream: Bool
  /// Whether the types differed at all.
  var mixed: Bool
  /// A record joining a stream of a plugin's type (`[city: "?"]` into `Observable<Weather>`):
  /// the record as the writer spells it and the value of that type to write instead, with
  /// what the line's comment says.
  var record: (literal: String, value: String, comment: String)?
  /// `catch (just .)`: the error itself joins the stream, which then holds what `show` prints.
  var errorValue = false

  /// How the stream's own values are made Strings.
  var conversion: String { errorValue ? ".map { show($0) }" : Self.toString }

  static let comment = "pipe mixes types here; this stream holds Strings"
  static let toString = ".map { String(describing: $0) }"

  /// `meaning` made to fit a stream of `elementType` (nil: unknown, nothing changes).
  init(_ meaning: Meaning, elementType: String?, dialect: CodeDialect = .swift) {
    (self.meaning, convertsStream, mixed) = (meaning, false, false)
    if case .catchFallback(.pipeline(let fallback)) = meaning, fallback.stages.count > 1,
      let elementType, Meaning.elementType(of: fallback, bindings: []) == "String", elementType != "String"
    {
      // A fallback that ends in Strings (`catch (just . | ... | map { "no such city" })`):
      // the stream's own values become Strings too, which print as pipe prints them.
      (mixed, convertsStream) = (true, true)
      return
    }
    let joining: Arg
    switch meaning {
    case .startWith(let arg), .catchAndReturn(let arg), .catchFallback(.just(let arg)): joining = arg
    case .catchFallback(.pipeline(let fallback)) where fallback.stages.count == 1:
      // `catch (just V)`, which is `catch just V`.
      guard case .just(let arg) = Meaning.read(fallback.stages[0], bindings: []) else { return }
      joining = arg
    default: return
    }
    if let stub = PluginStub.withType(elementType), case .dict(let entries) = joining.kind {
      let literal = dialect.literal(joining)
      if let value = stub.value(entries, dialect: dialect) {
        let rest = entries.isEmpty ? "all fields" : "the other fields"
        record = (
          literal, value, "pipe's record \(joining.description); \(rest) keep \(stub.type)'s defaults"
        )
      } else {
        let comment = "no faithful translation: pipe's record \(joining.description) is no \(stub.type)"
        record = (literal, "\(stub.type)()", comment)
      }
      return
    }
    if case .catchFallback(.pipeline) = meaning, case .element(let names) = joining.kind, names.isEmpty {
      (mixed, convertsStream, errorValue) = (true, elementType != "String", true)
      return
    }
    if case .catchFallback(.pipeline) = meaning, case .element(let names) = joining.kind, names.count == 1,
      ["kind", "message", "source"].contains(names[0].text)
    {
      // `catch (just .message)`: a String of the error joins the stream, written as it is.
      guard let elementType, elementType != "String" else { return }
      (mixed, convertsStream) = (true, true)
      return
    }
    guard let elementType, let type = Meaning.swiftType(joining), type != elementType else { return }
    if case .expression = joining.kind {
      // An expression's value joins as it is when it is a String (`just { "no weather: " + .kind }`).
      guard type == "String" else { return }
      (mixed, convertsStream) = (true, true)
      return
    }
    mixed = true
    convertsStream = elementType != "String"
    let text = joining.isString ? joining : joining.asString
    switch meaning {
    case .startWith: self.meaning = .startWith(text)
    case .catchAndReturn: self.meaning = .catchAndReturn(text)
    default: self.meaning = .catchFallback(.just(text))
    }
  }
}

extension MixedTypes {
  /// Writes the stage with `body`, what joins the stream written as the stream's type (a
  /// record as the plugin type's value, the error as pipe's record); then the line's comment.
  func write(into chain: inout Chain, context: ExportContext, _ body: (inout Chain) -> Void) {
    let saved = (context.joining, context.errorAsValue)
    context.joining = record.map { (literal: $0.literal, value: $0.value, written: false) }
    context.errorAsValue = errorValue
    body(&chain)
    let recordWritten = context.joining?.written == true
    (context.joining, context.errorAsValue) = saved
    guard !chain.links.isEmpty else { return }
    let last = chain.links.count - 1
    if mixed { chain.links[last].comment = Self.comment }
    if errorValue {
      context.use("show")
      chain.links[last].comment =
        Self.comment + ", the error as pipe's record (its message and source are pipe's own)"
    }
    if let record, recordWritten { chain.links[last].comment = record.comment }
  }
}

extension ChainWalk {
  /// Whether a language's own print (Swift's `print`, JavaScript's `console.log`) shows the
  /// pipeline's values as pipe's `show` does: not for pairs (`("a", "x")`, `[ 'a', 'x' ]`
  /// where pipe prints `["a", "x"]`), nulls (`nil`), lists, dictionaries and records, which
  /// the exports' `show` helper prints.
  var printsPlainly: Bool {
    var plain = true
    var materialized = false  // a record's value is an Optional, whatever a map reads of it
    for step in steps {
      switch step.meaning {
      case .zip, .combineLatest, .enumerate, .buffer, .bufferTimed: plain = false
      case .materialize: (plain, materialized) = (false, true)
      case .startWith(let arg), .catchAndReturn(let arg), .catchFallback(.just(let arg)), .just(let arg):
        if !Self.printsPlainly(arg) { plain = false }
      case .of(let args): if !args.allSatisfy(Self.printsPlainly) { plain = false }
      case .map(let expr):
        switch expr.kind {
        case .record, .list, .literal(.null): plain = false
        default: if !materialized { plain = true }
        }
      default: continue
      }
    }
    return plain
  }

  private static func printsPlainly(_ arg: Arg) -> Bool {
    switch arg.kind {
    case .literal(.null), .dict, .list: return false
    default: return true
    }
  }
}
