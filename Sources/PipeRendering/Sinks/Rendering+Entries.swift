import PipeDSL

extension Rendering {
  /// The sinks that draw: `marbles`, `table` and `plot`, for the session's catalogue.
  public var sinkEntries: [CatalogueEntry] { [marblesEntry, tableEntry, plotEntry] }

  var marblesEntry: CatalogueEntry {
    CatalogueEntry(
      name: "marbles", role: .sink, signature: "marbles [ascii] [svg: \"FILE\"]",
      doc: "Draws a marble diagram of every stage: a lane per subscription, source first, with "
        + "nested pipelines under their stage; `^` subscribe, values, `#` error, `|` complete, `!` "
        + "dispose, on a time axis fitted to the terminal. `ascii` draws without Unicode; "
        + "`svg: \"FILE\"` also writes the diagram as an SVG file.",
      examples: [
        Example(
          "cold \"-#\" | retryWhen backoff(1, 3, 5, 10) | catchAndReturn 0 | marbles",
          prints: """
                                               0s         5s         10s       15s
                                               ┬──────────┬──────────┬─────────┬─────────
            cold "-#"                       1  ^#
                                           ↻2    ^#
                                           ↻3           ^#
                                           ↻4                     ^#
                                           ↻5                                           ^#
            retryWhen backoff(1, 3, 5, 10)     ^────────────────────────────────────────#
            catchAndReturn 0                   ^────────────────────────────────────────(0|)
            # = error: error from a marble diagram
            ^ subscribe  (ab) same instant  # error  | complete  ↻2 subscribed again
            """)
      ],
      options: ["svg"], arity: 0...1
    ) { [unowned self] context in
      guard let options = Self.marblesOptions(context) else { return nil }
      return .sink(
        SinkSpec(name: "marbles", traces: true) {
          MarblesSink(context: $0, rendering: self, options: options)
        })
    }
  }

  var tableEntry: CatalogueEntry {
    CatalogueEntry(
      name: "table", role: .sink, signature: "table",
      doc: "Prints the values as a table when the stream ends: a column per field of the "
        + "records, values aligned (numbers to the right); other values in one column.",
      examples: [
        Example(
          "of([city: \"Oslo\", temp: 21.5], [city: \"Lima\", temp: 18]) | table",
          prints: """
            city  temp
            ────  ────
            Oslo  21.5
            Lima    18
            """)
      ], arity: 0...0
    ) { [unowned self] _ in
      .sink(SinkSpec(name: "table") { TableSink(context: $0, display: self.display()) })
    }
  }

  var plotEntry: CatalogueEntry {
    CatalogueEntry(
      name: "plot", role: .sink, signature: "plot [svg: \"FILE\"]",
      doc: "Plots the numbers when the stream ends: a sparkline, and for values spread over "
        + "time a small chart with a y axis and a time axis. A record is plotted by its "
        + "first number field. The summary of `clients` is drawn as its load: attempts per second "
        + "reaching the service, first tries under retries, with its capacity and outage; "
        + "`svg: \"FILE\"` also writes that drawing as an SVG file.",
      examples: [
        Example(
          "every 1s | take 8 | map { . * . } | plot",
          prints: """
            ▁▁▂▂▃▅▆█  8 values, min 0, max 49
              49 ┤                                                                        •
                 │
                 │                                                               •
                 │                                                      •
            24.5 ┤
                 │                                             •
                 │                           •        •
               0 ┤         •        •
                 └┬────────┬────────┬────────┬────────┬────────┬────────┬────────┬────────┬
                  0s       1s       2s       3s       4s       5s       6s       7s       8s
            """)
      ], options: ["svg"], arity: 0...0
    ) { [unowned self] context in
      var svgPath: String?
      if context.option("svg") != nil {
        guard let path = Self.svgPath(context) else { return nil }
        svgPath = path
      }
      return .sink(
        SinkSpec(name: "plot") { PlotSink(context: $0, display: self.display(), svgPath: svgPath) })
    }
  }

  /// Reads `ascii` and `svg: "FILE"`.
  static func marblesOptions(_ context: StageContext) -> MarblesOptions? {
    var options = MarblesOptions()
    if let word = context.argument(0) {
      guard let name = context.read.word(word) else { return nil }
      guard name.text == "ascii" else {
        context.error(
          .unknownOption, "'marbles' has no option '\(name.text)'", at: name.span,
          help: "it is written marbles [ascii] [svg: \"FILE\"]")
        return nil
      }
      options.ascii = true
    }
    if context.option("svg") != nil {
      guard let path = svgPath(context) else { return nil }
      options.svgPath = path
    }
    return options
  }

  /// Reads `svg: "FILE"`, which the stage has.
  static func svgPath(_ context: StageContext) -> String? {
    guard let svg = context.option("svg") else { return nil }
    guard let value = svg.value, let path = context.read.string(value) else {
      if svg.value == nil { context.error(.missingValue, "write svg: \"FILE.svg\"", at: svg.span) }
      return nil
    }
    return path
  }
}
