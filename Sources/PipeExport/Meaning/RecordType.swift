import PipeDSL

/// A record literal's type in the Swift exports: its keys in order, each with its field's
/// Swift type. As an element type (`Meaning.swiftType`) it is written as pipe writes a record,
/// `{city: String, temp: Int}`, so that two records of the same keys and types are one type;
/// a writer declares it as a struct (`ExportContext.swiftName(of:)`) named from its keys,
/// `CityTemp`, that prints as pipe's `show` prints the record.
///
///     RecordType("{city: String, temp: Int}")?.declaration(name: "CityTemp")
///     // struct CityTemp: CustomStringConvertible { var city: String; var temp: Int ... }
struct RecordType: Equatable {
  var fields: [Field]

  struct Field: Equatable {
    var name: String
    var type: String
  }

  init(fields: [Field]) { self.fields = fields }

  /// The record type a type string writes, nil for any other type (`Int`, `Weather`).
  init?(_ text: String) {
    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
    var fields: [Field] = []
    var depth = 0
    var part = ""
    for character in text.dropFirst().dropLast() {
      switch character {
      case "{": depth += 1
      case "}": depth -= 1
      case "," where depth == 0:
        fields.append(Self.field(part))
        part = ""
        continue
      default: break
      }
      part.append(character)
    }
    fields.append(Self.field(part))
    self.fields = fields
  }

  private static func field(_ text: String) -> Field {
    let trimmed = text.drop { $0 == " " }
    let name = trimmed.prefix { $0 != ":" }
    return Field(name: String(name), type: String(trimmed.dropFirst(name.count + 1).drop { $0 == " " }))
  }

  /// The type string, `{city: String, temp: Int}`.
  var text: String { "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}" }

  /// The type of the field `name`, nil when the record has none.
  func type(of name: String) -> String? { fields.first { $0.name == name }?.type }

  /// The struct's name from its keys, `CityTemp`; one that is a type the exports or Swift
  /// already have (`Value`, `String`, an error enum's `...Error`) gets `Record` after it.
  var baseName: String {
    let name = fields.map { $0.name.prefix(1).uppercased() + $0.name.dropFirst() }.joined()
    return Self.takenNames.contains(name) || name.hasSuffix("Error") ? name + "Record" : name
  }

  static let takenNames: Set<String> = [
    "String", "Int", "Double", "Bool", "Character", "Any", "Never", "Void", "Optional", "Array", "Set",
    "Dictionary", "Result", "Error", "Data", "Date", "URL", "UUID", "Timer", "Thread", "Foundation",
    "Combine", "RxSwift", "Value", "Record", "Event", "Indexed", "Weather", "AirQuality", "PipeRecord",
    "Settings", "Retryable", "Work", "Clock", "CircuitBreaker", "Publisher", "Observable", "Just", "Empty",
    "Fail", "Deferred", "Subscribers", "Scheduler", "Recorded",
  ]

  /// The Swift declaration, named `name`, its nested records' types written as `names` gives
  /// them; `hashable`: a later stage compares its values (`distinct`).
  func declaration(name: String, hashable: Bool, names: (String) -> String) -> String {
    let shown = fields.map { field -> String in
      let value = field.type == "String" ? "String(reflecting: \(field.name))" : field.name
      return "\(field.name): \\(\(value))"
    }
    let conformances = (hashable ? "Hashable, " : "") + "CustomStringConvertible"
    return """
      /// pipe's record \(text), printed as pipe prints it.
      struct \(name): \(conformances) {
      \(fields.map { "    var \($0.name): \(names($0.type))" }.joined(separator: "\n"))

          var description: String { "{\(shown.joined(separator: ", "))}" }
      }
      """
  }

  /// Why a key cannot be a field of a Swift struct, or nil.
  static func keyReason(_ key: String) -> String? {
    let isName =
      key.first.map { $0 == "_" || $0.isASCII && $0.isLetter } == true
      && key.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
    if !isName { return "its key '\(key)' is no Swift name" }
    if ["description", "hashValue"].contains(key) {
      return "its key '\(key)' is the name of the struct's own \(key) (CustomStringConvertible, Hashable)"
    }
    if keywords.contains(key) { return "its key '\(key)' is a Swift keyword" }
    return nil
  }

  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct", "subscript",
    "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
    "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "Type", "Any", "null",
  ]
}

extension Meaning {
  /// The record type of a record's fields, each of `type` (nil: not known): nil when a key is
  /// no Swift name or a field's type is not known.
  static func recordType(_ fields: [(key: String, type: String?)]) -> String? {
    guard !fields.isEmpty else { return nil }
    var typed: [RecordType.Field] = []
    for (key, type) in fields {
      guard RecordType.keyReason(key) == nil, let type else { return nil }
      typed.append(RecordType.Field(name: key, type: type))
    }
    return RecordType(fields: typed).text
  }

  /// Why a record cannot be a Swift struct (a key no Swift name, a field whose type its words
  /// do not say), or nil; `type` is each field's type. A record of one field of unknown type,
  /// `{pair: .}`, is a dictionary of one type, `["pair": $0]`, as before there were structs.
  static func recordReason(_ fields: [(key: String, text: String, type: String?)]) -> String? {
    for field in fields {
      if let reason = RecordType.keyReason(field.key) {
        return "the record becomes a Swift struct, and \(reason)"
      }
      if field.type == nil, fields.count > 1 {
        return
          "cannot tell the Swift type of field '\(field.key)' of the record ('\(field.key): \(field.text)'), "
          + "which becomes a Swift struct: write the field from a literal, or from . where the stream's type is known"
      }
    }
    return nil
  }
}
