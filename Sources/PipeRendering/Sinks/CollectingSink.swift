import Operators
import PipeDSL

/// A sink that keeps every value with its time and draws them all when the run ends; an
/// unhandled error is reported after the drawing, as `show` reports it.
class CollectingSink: SinkConsumer {
  let context: SinkContext
  let display: Display
  private(set) var values: [(time: Time, value: Value)] = []
  private var error: PipeError?
  private var full = false
  private var holding = Holding()

  init(context: SinkContext, display: Display) {
    self.context = context
    self.display = display
  }

  func on(_ event: Event<Value>) {
    switch event {
    case .next(let value):
      if let limit = holding.take(value) {
        full = true  // nothing is drawn: the error says why
        return context.stop(self, holding: context.pipeline.sink?.name ?? "a sink", limit: limit)
      }
      values.append((context.elapsed, value))
    case .error(let error): self.error = PipeError.from(error)
    case .completed: break
    }
  }

  func finish(_ end: RunEnd) -> SinkOutcome {
    let output = context.runtime.output
    if !full { for line in draw() { output.line(line) } }
    if let error { output.errorLine(context.unhandled(error)) }
    return error.map(SinkOutcome.unhandledError) ?? .ok
  }

  /// The lines to print; subclasses draw.
  func draw() -> [String] { values.map(\.value.show) }
}

/// `table`: the values as columns.
final class TableSink: CollectingSink {
  override func draw() -> [String] { TableRenderer(display: display).lines(for: values.map(\.value)) }
}

/// `plot`: a sparkline of the numbers, and a chart when they came over time; the summary of
/// `clients`, its load (`LoadChart`), also as SVG with `svg: "FILE"`.
final class PlotSink: CollectingSink {
  let svgPath: String?

  init(context: SinkContext, display: Display, svgPath: String?) {
    self.svgPath = svgPath
    super.init(context: context, display: display)
  }

  override func draw() -> [String] {
    let loads = values.compactMap { ServiceLoad($0.value) }
    if let load = loads.first {
      if let svgPath {
        context.writeSVG(LoadSVGRenderer().render(load, title: context.drawingTitle), to: svgPath)
      }
      return loads.flatMap { LoadChart(display: display).lines(for: $0) }
    }
    if svgPath != nil {
      context.runtime.output.errorLine(
        "error: plot svg: draws the load of a clients summary, and these values have none")
    }
    let points = values.compactMap { PlotRenderer.point($0.time, $0.value) }
    let field = values.lazy.compactMap { PlotRenderer.field(of: $0.value) }.first
    return PlotRenderer(display: display).lines(for: points, field: field)
  }
}
