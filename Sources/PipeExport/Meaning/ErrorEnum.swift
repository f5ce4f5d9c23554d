import PipeDSL

/// The error kinds a pipeline raises, as the one error type an app declares: the book's
/// `enum WeatherError: Error { case invalidKey, cityNotFound, serverFailure }`, named after the
/// pipeline's service (`PipelineError` without one), with the HTTP statuses its service
/// answers mapped to kinds as pipe's sources map them.
///
///     ErrorEnum(source: "weather").swift(kinds: ["tooBig"])
///     // enum WeatherError: String, Error { case invalidKey, cityNotFound, ..., tooBig ... }
struct ErrorEnum {
  /// The type's name: `WeatherError`, `AirQualityError`, `PipelineError`.
  var name: String
  /// The kinds an HTTP status stands for, as pipe's sources read them (SourceError.forStatus);
  /// empty without a service.
  var statuses: [(status: String, kind: String)]

  /// The kinds a service raises, listed first: the ones an app handles.
  var serviceKinds: [String] { statuses.map(\.kind) + (statuses.isEmpty ? [] : ["notConnected"]) }

  init(source: String?) {
    switch source {
    case "weather"?, "airquality"?:
      name = source == "weather" ? "WeatherError" : "AirQualityError"
      statuses = [
        ("401", "invalidKey"), ("404", "cityNotFound"), ("429", "rateLimited"),
        ("500...599", "serverFailure"),
      ]
    default:
      name = "PipelineError"
      statuses = []
    }
  }

  /// The first service a program's pipelines read (`weather`, `airquality`), if any.
  static func source(of program: Program) -> String? {
    var bindings: Set<String> = []
    for statement in program.statements {
      switch statement.kind {
      case .run(let pipeline, _):
        if let found = source(of: pipeline, bindings: bindings) { return found }
      case .binding(let name, let pipeline):
        if let found = source(of: pipeline, bindings: bindings) { return found }
        bindings.insert(name.text)
      case .setting, .command: continue
      }
    }
    return nil
  }

  private static func source(of pipeline: Pipeline, bindings: Set<String>) -> String? {
    for stage in pipeline.stages {
      if case .plugin(let name, _) = Meaning.read(stage, bindings: bindings),
        ["weather", "airquality"].contains(name)
      {
        return name
      }
      for inner in ExportCheck.subpipelines(of: stage) {
        if let found = source(of: inner, bindings: bindings) { return found }
      }
    }
    return nil
  }

  /// Every kind of the type: the service's, then those the pipeline raises, each once.
  func cases(_ raised: [String]) -> [String] {
    var all: [String] = []
    for kind in serviceKinds + raised where !all.contains(kind) { all.append(kind) }
    return all
  }

  /// The Swift enum; nil when the pipeline raises no kind of its own and reads no service.
  func swift(kinds raised: [String]) -> String? {
    let all = cases(raised)
    guard !all.isEmpty else { return nil }
    var lines = [
      "/// The errors of this pipeline, one case per kind (pipe's `error.kind` is the case's name).",
      "enum \(name): String, Error {",
      "    case " + all.map(Self.swiftName).joined(separator: ", "),
    ]
    if !statuses.isEmpty {
      lines += [
        "",
        "    /// The error an HTTP status of the service stands for, as pipe's source reads it.",
        "    init?(status: Int) {",
        "        switch status {",
      ]
      lines += statuses.map { "        case \($0.status): self = .\(Self.swiftName($0.kind))" }
      lines += ["        default: return nil", "        }", "    }"]
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The TypeScript type: the kinds as a union, and a class of `PipeError` whose kind is one
  /// of them.
  func typescript(kinds raised: [String]) -> String? {
    let all = cases(raised)
    guard !all.isEmpty else { return nil }
    var lines = [
      "/** The kinds of this pipeline's errors. */",
      "type \(name)Kind = " + all.map { "'\($0)'" }.joined(separator: " | ") + ";",
      "",
      "/** An error of this pipeline, tagged by its kind. */",
      "class \(name) extends PipeError {",
      "  constructor(readonly kind: \(name)Kind, message: string = kind) {",
      "    super(kind, message);",
      "  }",
    ]
    if !statuses.isEmpty {
      lines += [
        "",
        "  /** The error an HTTP status of the service stands for, as pipe's source reads it. */",
        "  static fromStatus(status: number): \(name) | undefined {",
      ]
      for (status, kind) in statuses {
        // `500...599`, or one status.
        let bounds = status.split(separator: ".")
        let test =
          bounds.count == 2 ? "status >= \(bounds[0]) && status <= \(bounds[1])" : "status === \(status)"
        lines.append("    if (\(test)) return new \(name)('\(kind)');")
      }
      lines += ["    return undefined;", "  }"]
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A kind as a Swift case name: in backquotes where it is a keyword.
  static func swiftName(_ kind: String) -> String {
    swiftKeywords.contains(kind) ? "`\(kind)`" : kind
  }

  /// A kind raised in Swift: `WeatherError.tooBig`.
  func swiftValue(_ kind: String) -> String { name + "." + Self.swiftName(kind) }

  /// A kind raised in TypeScript: `new WeatherError('tooBig')`.
  func typescriptValue(_ kind: String) -> String { "new \(name)('\(kind)')" }

  private static let swiftKeywords: Set<String> = [
    "default", "case", "class", "func", "let", "var", "if", "else", "return", "switch", "for", "in", "while",
    "do", "try", "catch", "throw", "throws", "import", "struct", "enum", "protocol", "extension", "init",
    "self", "Self", "nil", "true", "false", "is", "as", "break", "continue", "where", "static", "public",
    "private", "internal", "operator", "repeat", "guard", "defer", "subscript", "typealias", "deinit",
  ]
}
