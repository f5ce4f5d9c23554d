import JSON

/// A graded script as one JSON line: what the child that grades a file hands its parent.
extension GradedScript {
  var json: JSONValue {
    .object([
      "path": .string(path),
      "ranNothing": .bool(ranNothing),
      "failingDiagram": failingDiagram.map { .string($0) } ?? .null,
      "cases": .array(
        cases.map { item in
          .object([
            "name": .string(item.name), "line": item.line.map { .int($0) } ?? .null,
            "failure": item.failure.map { .string($0) } ?? .null, "kind": .string(item.kind),
          ])
        }),
    ])
  }

  /// The script a child's line describes; nil when the line is not one.
  init?(json: JSONValue) {
    guard let path = json["path"]?.stringValue, let cases = json["cases"]?.arrayValue else { return nil }
    self.init(path: path)
    ranNothing = json["ranNothing"]?.boolValue ?? false
    failingDiagram = json["failingDiagram"]?.stringValue
    for item in cases {
      guard let name = item["name"]?.stringValue, let kind = item["kind"]?.stringValue else { return nil }
      add(name, line: item["line"]?.intValue, failure: item["failure"]?.stringValue, kind: kind)
    }
  }
}
