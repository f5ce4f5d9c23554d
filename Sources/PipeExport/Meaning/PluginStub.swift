import PipeDSL

/// A plugin source as the exports declare it: a typed function for the user to connect.
///
///     PluginStub.named("weather", arguments: 1)
///     // func currentWeather(city: String) -> Observable<Weather>
struct PluginStub {
  var function: String
  /// The parameters' names; a Swift call names them too when `labeled`.
  var parameters: [String]
  var labeled = true
  var parameterTypes: [String]
  var type: String
  /// The fields of `type`, with their Swift types; empty when it is a plain type.
  var fields: [(name: String, type: String)]
  var source: String

  static func named(_ name: String, arguments: Int) -> PluginStub {
    switch name {
    case "weather":
      return PluginStub(
        function: "currentWeather", parameters: arguments > 1 ? ["lat", "lon"] : ["city"],
        parameterTypes: arguments > 1 ? ["Double", "Double"] : ["String"], type: "Weather",
        fields: [
          ("city", "String"), ("temp", "Double"), ("feelsLike", "Double"), ("humidity", "Int"),
          ("description", "String"), ("windSpeed", "Double"), ("observedAt", "String"),
        ], source: name)
    case "airquality":
      return PluginStub(
        function: "airQuality", parameters: arguments > 1 ? ["lat", "lon"] : ["city"],
        parameterTypes: arguments > 1 ? ["Double", "Double"] : ["String"], type: "AirQuality",
        fields: [
          ("city", "String"), ("aqi", "Int"), ("mainPollutant", "String"), ("temp", "Double"),
          ("humidity", "Int"),
        ],
        source: name)
    case "random":
      return PluginStub(
        function: "randomNumber", parameters: ["min", "max"], parameterTypes: ["Int", "Int"], type: "Int",
        fields: [],
        source: name)
    default:
      let names = (0..<arguments).map { $0 == 0 ? "value" : "value\($0 + 1)" }
      return PluginStub(
        function: name, parameters: names, labeled: false, parameterTypes: names.map { _ in "String" },
        type: "String", fields: [], source: name)
    }
  }

  /// Each field's default, so that a record of some of the fields (`[city: "?"]`) can be one.
  static let defaults = ["String": "\"\"", "Double": "0", "Int": "0"]

  /// The stub whose result type is `type` (`Weather`), when it has fields.
  static func withType(_ type: String?) -> PluginStub? {
    ["weather", "airquality"].lazy.map { named($0, arguments: 1) }.first { $0.type == type }
  }

  /// A record joining a stream of this type, `[city: "?"]`, as a value of it,
  /// `Weather(city: "?")`: nil when the record has a field the type lacks.
  func value(_ entries: [DictEntry], dialect: CodeDialect) -> String? {
    var arguments: [String] = []
    for (name, type) in fields {
      guard let entry = entries.first(where: { $0.keyText == name }) else { continue }
      let given = Meaning.swiftType(entry.value)
      guard given == type || given == "Int" && type == "Double" else { return nil }
      arguments.append("\(name): \(dialect.literal(entry.value))")
    }
    guard arguments.count == entries.count else { return nil }
    return "\(type)(\(arguments.joined(separator: ", ")))"
  }

  /// The Swift declaration: the result type (when it has fields) and the function.
  func swiftDeclaration(publisher: String, body: String) -> String {
    var lines: [String] = []
    if !fields.isEmpty {
      lines.append("/// What pipe's \(source) source emits.")
      lines.append("struct \(type): Record {")
      lines += fields.map { "    var \($0.name): \($0.type) = \(Self.defaults[$0.type] ?? "nil")" }
      lines.append("")
      lines.append("    /// Printed as pipe prints the record: `{\(fields[0].name): ...}`.")
      lines.append("    var fields: [(String, Any)] {")
      lines.append("        [" + fields.map { "(\"\($0.name)\", \($0.name))" }.joined(separator: ", ") + "]")
      lines.append("    }")
      lines.append("}")
      lines.append("")
    }
    let parameters = zip(parameters, parameterTypes).map { (labeled ? "" : "_ ") + "\($0): \($1)" }
      .joined(separator: ", ")
    lines.append("/// pipe's \(source) source: connect your service here.")
    lines.append("func \(function)(\(parameters)) -> \(publisher) {")
    lines.append("    " + body)
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The argument labels at a call: `city: "London"`, or the bare value for `_ value`.
  func callArguments(_ words: [String]) -> String {
    zip(parameters, words).map { labeled ? "\($0): \($1)" : $1 }.joined(separator: ", ")
  }
}
