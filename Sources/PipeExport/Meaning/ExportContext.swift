import PipeDSL

/// What a writer collects while it translates a script: the helpers and stubs to declare
/// once at the top, the error kinds used, the names nested closures have taken.
final class ExportContext {
  /// Helpers by name, in the order first used.
  private(set) var helpers: [String] = []
  /// What the code imports from the library by name (RxJS's `of`, `retry`), in the order first used.
  private(set) var imports: [String] = []
  /// Declarations (stubs, caches, breakers), in the order first used, each once.
  private(set) var declarations: [String] = []
  private(set) var kinds: [String] = []
  /// The pipeline's own error type, which the kinds raised become cases of.
  var errors = ErrorEnum(source: nil)
  /// Whether the script reads an error's `attempt`: the RxSwift export then numbers the
  /// errors of each stage by its subscription, as pipe does.
  var numbersAttempts = false
  /// Whether a delay strategy waits at least an error's `retryAfter`, as pipe does unless the
  /// script says `set retryAfter off` (statements are written in order, as pipe runs them).
  var honoursRetryAfter = true
  /// The element type of the stream the stage being written gets, where the writer knows it
  /// (a cache's cast needs it).
  var elementType: String?
  /// A record joining a stream of a plugin's type, while its stage is written: its literal,
  /// the value of that type written instead, and whether it was (`MixedTypes`).
  var joining: (literal: String, value: String, written: Bool)?
  /// Whether `.` of a catch's fallback, the error, joins the stream as pipe's record.
  var errorAsValue = false
  /// How deep the closure being written is nested: `value`, `value2`, ...
  private var depth = 0
  private var counter = 0

  /// The record types written as structs (`RecordType`), in the order first used, with their names.
  private(set) var records: [(type: String, name: String)] = []
  /// The record types a stage compares (`distinct`), which are declared Hashable.
  private var compared: Set<String> = []

  /// A type string as Swift code: a record type as the name of its struct, declared (with the
  /// structs of its fields' records) on first use; another type as it is.
  func swiftName(of type: String) -> String {
    guard let record = RecordType(type) else { return type }
    if let known = records.first(where: { $0.type == type }) { return known.name }
    for field in record.fields { _ = swiftName(of: field.type) }
    var name = record.baseName
    var number = 1
    while records.contains(where: { $0.name == name }) {
      number += 1
      name = record.baseName + String(number)
    }
    records.append((type, name))
    return name
  }

  /// Marks that a stage compares values of `type` (`distinct`): a record type's struct, and
  /// those of its fields, are then Hashable.
  func compares(_ type: String?) {
    guard let type, let record = RecordType(type) else { return }
    compared.insert(type)
    record.fields.forEach { compares($0.type) }
  }

  /// The declarations of the record types' structs, in the order first used.
  var recordDeclarations: [String] {
    records.map {
      RecordType($0.type)!.declaration(name: $0.name, hashable: compared.contains($0.type), names: swiftName)
    }
  }

  func use(_ helper: String) {
    if !helpers.contains(helper) { helpers.append(helper) }
  }

  /// Marks that the Swift written reads pipe's error record (`PipeError`, an error's `kind`,
  /// `attempt`, ...): the document then declares it (`SwiftCode.pipeError`).
  func readErrorRecord() { use(SwiftCode.errorRecord) }

  func `import`(_ name: String) {
    if !imports.contains(name) { imports.append(name) }
  }

  func declare(_ text: String) {
    if !declarations.contains(text) { declarations.append(text) }
  }

  /// Registers a kind the pipeline raises; its value in Swift, `WeatherError.tooBig`.
  @discardableResult
  func kind(_ kind: String) -> String {
    if !kinds.contains(kind) { kinds.append(kind) }
    return errors.swiftValue(kind)
  }

  /// A fresh number, for names that must differ: `breaker1`, `breaker2`.
  func next() -> Int {
    counter += 1
    return counter
  }

  /// The parameters of the closures being written that hold an error (a catch's).
  private var errorParameters: [String] = []

  /// Runs `body` one closure deeper, with the parameter name for that depth; `base` "error"
  /// names an error (`isError`).
  func nested<T>(_ base: String, _ body: (String) -> T) -> T {
    depth += 1
    let name = depth == 1 ? base : base + String(depth)
    if base == "error" { errorParameters.append(name) }
    defer {
      depth -= 1
      if base == "error" { errorParameters.removeLast() }
    }
    return body(name)
  }

  /// Whether `parameter` is the parameter of a closure being written that holds an error.
  func isError(_ parameter: String?) -> Bool {
    parameter.map(errorParameters.contains) ?? false
  }
}
