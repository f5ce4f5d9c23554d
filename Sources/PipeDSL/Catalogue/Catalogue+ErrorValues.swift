import Operators

extension Catalogue {
  static var errorValueEntries: [CatalogueEntry] { [throwIf, mapError, materialize, dematerialize] }

  static let throwIf = CatalogueEntry(
    name: "throwIf", role: .errors, signature: "throwIf { EXPR } KIND | throwIf { EXPR } .",
    doc: "Fails with an error of KIND when the expression is true for a value: the way to "
      + "write custom errors. With `.` instead of a kind, the value itself (an error record, as "
      + "in `retryWhen (errors | ...)`) is raised again.",
    marble: Marble("1-5-2|", "throwIf { . > 3 } oversize", "1-#"),
    examples: [
      Example(
        "of(5, 0, 3) | throwIf { . <= 0 } notPositive",
        prints: """
          5
          error: notPositive — notPositive: 0 (at throwIf { . <= 0 } notPositive)
          """)
    ], arity: 2...2
  ) { context in
    guard let condition = context.read.expression(context.positional[0]) else { return nil }
    let raise: (Value) -> PipeError
    if case .element(let path) = context.positional[1].kind, path.isEmpty {
      raise = { PipeError($0) ?? PipeError(kind: "error", message: $0.visible) }
    } else {
      guard let kind = context.read.word(context.positional[1]) else { return nil }
      raise = { PipeError(kind: kind.text, message: "\(kind.text): \($0.visible)") }
    }
    return .transform { upstream, _ in
      upstream.map { value in
        if try condition(value).truthy() { throw raise(value) }
        return value
      }
    }
  }

  static let mapError = CatalogueEntry(
    name: "mapError", role: .errors, signature: "mapError { EXPR }",
    doc: "Rewrites an error: in the expression `.` is the error record; a string result "
      + "becomes the message, a record with a kind becomes the new error.",
    marble: Marble("a-#", "mapError { {kind: \"changed\"} }", "a-#", values: "[\"#\": changed]"),
    examples: [
      Example(
        "fail serverFailure | mapError { \"Server error\" }",
        prints: "error: serverFailure — Server error (at fail serverFailure)")
    ], arity: 1...1
  ) { context in
    guard let expression = context.read.expression(context.positional[0]) else { return nil }
    return .transform { upstream, _ in
      upstream.catch { error in
        var pipeError = PipeError.from(error)
        let result = try expression(pipeError.value)
        if let text = result.string {
          pipeError.message = text
        } else if let rewritten = PipeError(result) {
          pipeError = rewritten
        } else {
          throw PipeError(
            kind: PipeError.typeErrorKind,
            message: "mapError needs a string or an error record, found \(result.typeName)")
        }
        throw pipeError
      }
    }
  }

  static let materialize = CatalogueEntry(
    name: "materialize", role: .errors, signature: "materialize",
    doc: "Turns every event into a value: {event: \"next\", value: V}, {event: \"error\", "
      + "error: E}, {event: \"completed\"}. The stream then ends quietly instead of failing, "
      + "so an error inside a flatMap no longer ends the outer stream.",
    marble: Marble(
      "a|", "materialize", "n(c|)", values: "[n: {event: \"next\", value: \"a\"}, c: {event: \"completed\"}]"),
    examples: [
      Example(
        "of(1) | concat (fail offline) | materialize",
        prints: """
          {event: "next", value: 1}
          {event: "error", error: {kind: "offline", message: "offline raised by fail", source: "fail offline", attempt: 1}}
          """)
    ], arity: 0...0
  ) { _ in .transform { upstream, _ in upstream.materialize().map(EventRecords.record) } }

  static let dematerialize = CatalogueEntry(
    name: "dematerialize", role: .errors, signature: "dematerialize",
    doc: "Turns event records (as materialize makes them) back into events.",
    marble: Marble("a-#", "materialize | dematerialize", "a-#"),
    examples: [
      Example(
        "fail offline | materialize | dematerialize",
        prints: "error: offline — offline raised by fail (at fail offline)")
    ], arity: 0...0
  ) { _ in
    .transform { upstream, _ in upstream.map { try EventRecords.event($0) }.dematerialize() }
  }
}

/// Events as records and back, for materialize and dematerialize.
enum EventRecords {
  static func record(_ event: Event<Value>) -> Value {
    switch event {
    case .next(let value): return .record(["event": "next", "value": value])
    case .error(let error): return .record(["event": "error", "error": PipeError.from(error).value])
    case .completed: return .record(["event": "completed"])
    }
  }

  static func event(_ value: Value) throws -> Event<Value> {
    switch value["event"] {
    case .string("next")?: return .next(value["value"] ?? .null)
    case .string("error")?:
      return .error(
        value["error"].flatMap(PipeError.init) ?? PipeError(kind: "error", message: "an error event"))
    case .string("completed")?: return .completed
    default:
      throw PipeError(
        kind: PipeError.typeErrorKind, message: "dematerialize needs event records, found \(value.visible)")
    }
  }
}
