import Operators
import PipeDSL

/// The drawing side of a session: the sinks that draw (`marbles`, `table`, `plot`), where
/// they draw, and the last diagram, for `:export svg`.
///
/// The command line makes one, adds `sinkEntries` to the session's catalogue and gives it
/// to the session as its `drawing` service, so the language itself stays free of rendering:
///
///     let rendering = Rendering { Display(width: 100) }
///     var catalogue = Catalogue.standard
///     for entry in rendering.sinkEntries { catalogue.add(entry) }
///     let session = Session(services: Services(output: output, drawing: rendering), catalogue: catalogue)
public final class Rendering: Drawing, @unchecked Sendable {
  /// Asked at every drawing, so a resized terminal is noticed.
  public let display: @Sendable () -> Display
  /// The last diagram drawn by `marbles`; read and written on the session's loop.
  public internal(set) var lastDiagram: Diagram?
  /// The failed marble `expect`s drawn so far, in order: their lanes as printed, and their
  /// diagram (for the SVG a joined room is sent); read and written on the session's loop.
  private var failures: [(lines: [String], diagram: Diagram)] = []

  public init(display: @escaping @Sendable () -> Display) { self.display = display }

  /// A failed marble `expect` as lanes, expected above actual, without colour (failures are
  /// read in logs and CI as often as on a terminal).
  public func lanes(for failure: ExpectationFailure) -> [String] {
    var display = self.display()
    display.colour = false
    display.width -= 2  // the failure's lines are indented
    let lines = ExpectationLanes.lines(for: failure, display: display)
    failures.append((lines, ExpectationLanes.diagram(failure)))
    return lines
  }

  public func failureSVG(shownIn message: String) -> String? {
    let drawn = failures.first { failure in
      failure.lines.allSatisfy { message.contains($0.drop { $0 == " " }) }
    }
    return drawn.map { DiagramSVGRenderer().render($0.diagram) }
  }

  public var lastDiagramSVG: String? { lastDiagram.map { DiagramSVGRenderer().render($0) } }

  public var layout: (width: Int, unicode: Bool) {
    let display = display()
    return (display.width, display.unicode)
  }

  /// The last diagram, read safely from outside the loop.
  public func lastDiagram(in session: Session) -> Diagram? { session.loop.sync { lastDiagram } }
}
