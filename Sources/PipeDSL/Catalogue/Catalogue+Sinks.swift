import Operators

extension Catalogue {
  /// `show`, `log`, `count`, `last`, `collect`, `discard`, `expect`.
  static var sinkEntries: [CatalogueEntry] {
    [
      simpleSink(
        .show, "Prints every value on its own line; an unhandled error goes to standard error.",
        Example("just 1 | show", prints: "1")),
      simpleSink(
        .count, "Prints how many values there were, when the stream completes.",
        Example("range(1, 5) | count", prints: "5")),
      simpleSink(
        .last, "Prints the last value, when the stream completes.", Example("range(1, 5) | last", prints: "5")
      ),
      simpleSink(
        .collect, "Prints all values as one list, when the stream completes.",
        Example("range(1, 3) | collect", prints: "[1, 2, 3]")),
      simpleSink(
        .discard, "Prints nothing; only an unhandled error is reported.",
        Example("every 1s | take 3 | discard", prints: "")),
      simpleSink(
        .log, "Prints every event of every stage, time-stamped, with subscribe and dispose.",
        Example(
          "just 1 | retry 2 | log",
          prints: """
            0s      #1 retry 2  1  subscribe
            0s      #0 just 1   1  subscribe
            0s      #0 just 1   1  next 1
            0s      #1 retry 2  1  next 1
            0s      #0 just 1   1  completed
            0s      #1 retry 2  1  completed
            0s      #1 retry 2  1  dispose
            0s      #0 just 1   1  dispose
            """)),
      expect,
    ]
  }

  private static func simpleSink(_ spec: SinkSpec, _ doc: String, _ example: Example) -> CatalogueEntry {
    CatalogueEntry(
      name: spec.name, role: .sink, signature: spec.name, doc: doc, examples: [example],
      arity: 0...0
    ) { _ in .sink(spec) }
  }

  static let expect = CatalogueEntry(
    name: "expect", role: .sink,
    signature: "expect \"MARBLES\" [VALUES] · expect [v1, ...] [error KIND] · expect attempts N",
    doc: "Checks the stream, on virtual time measured from its subscription at 0: against an "
      + "RxJS marble diagram (letters are themselves, digits numbers, unless VALUES says; `#` "
      + "any error unless VALUES has `\"#\": kind`); against a list of values then completion "
      + "(or `error KIND`), times ignored; or counts how many times the first stage was "
      + "subscribed. `pipe check` grades a script by its expect lines. The marble syntax: `:help marbles`.",
    examples: [Example("cold \"-a-#\" | retry 2 | expect \"-a--a-#\"", prints: "")],
    options: ["error", "attempts"],
    arity: 0...2
  ) { context in
    guard let spec = ExpectArguments.read(context) else { return nil }
    return .sink(SinkSpec(name: "expect") { ExpectSink(context: $0, spec: spec) })
  }
}

/// Reads the three forms of `expect`.
enum ExpectArguments {
  static func read(_ context: StageContext) -> ExpectSpec? {
    let read = context.read
    if let attempts = context.option("attempts") {
      guard context.positional.isEmpty, let arg = attempts.value, let count = read.integer(arg) else {
        context.report(.badExpect("write expect attempts N", at: context.stage.span))
        return nil
      }
      return .attempts(count)
    }
    var errorKind: String?
    if let option = context.option("error") {
      guard let arg = option.value, let kind = read.word(arg) else {
        context.report(.badExpect("write error KIND after the values", at: option.span))
        return nil
      }
      errorKind = kind.text
    }
    guard let first = context.argument(0) else {
      context.report(
        .badExpect("expect needs a marble diagram, a list of values, or attempts N", at: context.stage.span))
      return nil
    }
    if case .list = first.kind {
      if let extra = context.argument(1) {
        context.report(.badExpect("only 'error KIND' may follow the list of values", at: extra.span))
        return nil
      }
      guard case .list(let values)? = read.constant(first) else { return nil }
      return .values(values, errorKind: errorKind)
    }
    guard let text = read.string(first) else { return nil }
    let diagram: MarbleDiagram
    do {
      diagram = try MarbleDiagram(cold: text)
    } catch {
      context.report(.badMarbles(error.message, at: first.span))
      return nil
    }
    var values: [Character: Value] = [:]
    if let dict = context.argument(1) {
      guard let read = MarbleValues.read(dict, read) else { return nil }
      values = read.values
      errorKind = read.errorKind ?? errorKind
    }
    return .marbles(diagram, text: text, values: values, errorKind: errorKind)
  }
}
