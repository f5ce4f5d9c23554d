import Foundation
import Operators
import PipeDSL

/// How `marbles` was asked to draw.
struct MarblesOptions: Sendable {
  /// `marbles ascii`: plain ASCII whatever the terminal.
  var ascii = false
  /// `marbles svg: "FILE"`: also write the diagram as an SVG file.
  var svgPath: String?
}

/// Draws every stage's lane from the job's tracer when the run ends; on
/// the real clock and a terminal it also draws them live, in place, while the run goes on.
final class MarblesSink: SinkConsumer {
  let context: SinkContext
  let rendering: Rendering
  let options: MarblesOptions
  private let tracer: Tracer
  private var live: LiveDiagram?
  private var error: PipeError?

  init(context: SinkContext, rendering: Rendering, options: MarblesOptions) {
    self.context = context
    self.rendering = rendering
    self.options = options
    tracer = context.tracer ?? Tracer(clock: context.runtime.scheduler)
    let display = self.display
    if let write = display.live, let clock = context.runtime.scheduler as? RealTimeScheduler {
      live = LiveDiagram(clock: clock, write: write) { [unowned self] in
        let display = self.display
        return (DiagramTextRenderer(display: display).render(self.diagram(closing: false)), display.width)
      }
    }
  }

  var display: Display { options.ascii ? rendering.display().ascii : rendering.display() }

  func on(_ event: Event<Value>) {
    if case .error(let error) = event { self.error = PipeError.from(error) }
  }

  func eraseLiveDrawing() { live?.stop() }

  func finish(_ end: RunEnd) -> SinkOutcome {
    live?.stop()
    let diagram = diagram(closing: end != .terminated)
    rendering.lastDiagram = diagram
    let output = context.runtime.output
    for line in DiagramTextRenderer(display: display).render(diagram) { output.line(line) }
    if let path = options.svgPath { write(diagram, to: path) }
    if let error { output.errorLine(error.unhandledLine) }
    return error.map(SinkOutcome.unhandledError) ?? .ok
  }

  /// The diagram so far; `closing` marks the lanes still open as disposed now (the run was
  /// stopped).
  func diagram(closing: Bool) -> Diagram {
    var builder = DiagramBuilder(
      graph: context.graph, records: tracer.records, start: context.start, end: context.runtime.scheduler.now,
      title: title)
    builder.origins = tracer.subscriptionOrigins
    builder.closesOpenLanes = closing
    return builder.build()
  }

  /// The statement without its `| marbles ...`, as a slide's title.
  var title: String { context.drawingTitle }

  private func write(_ diagram: Diagram, to path: String) {
    context.writeSVG(DiagramSVGRenderer().render(diagram), to: path)
  }
}
