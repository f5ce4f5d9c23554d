import Operators
import PipeDSL

/// The drawing side of a session: the sinks that draw (`marbles`, `table`, `plot`), where
/// they draw, and the last diagram, for `:export svg`.
///
/// The command line makes one per session, adds `sinkEntries` to the session's catalogue
/// and `attach`es it, so the language itself stays free of rendering:
///
///     let rendering = Rendering { Display(width: 100) }
///     var catalogue = Catalogue.standard
///     for entry in rendering.sinkEntries { catalogue.add(entry) }
///     let session = Session(output: output, catalogue: catalogue)
///     rendering.attach(to: session)
public final class Rendering: @unchecked Sendable {
  /// Asked at every drawing, so a resized terminal is noticed.
  public let display: @Sendable () -> Display
  /// The last diagram drawn by `marbles`; read and written on the session's loop.
  public internal(set) var lastDiagram: Diagram?

  public init(display: @escaping @Sendable () -> Display) { self.display = display }

  /// Lets `Rendering.of(session)` find this object, and draws failed `expect`s as lanes.
  public func attach(to session: Session) {
    session.loop.sync {
      session.runtime.attachments[ObjectIdentifier(Rendering.self)] = self
      session.runtime.drawExpectation = { [unowned self] failure in
        var display = self.display()
        display.colour = false  // failures are read in logs and CI as often as on a terminal
        display.width -= 2  // the failure's lines are indented
        return ExpectationLanes.lines(for: failure, display: display)
      }
    }
  }

  /// The rendering attached to `session`, if any.
  public static func of(_ session: Session) -> Rendering? {
    session.loop.sync { session.runtime.attachments[ObjectIdentifier(Rendering.self)] as? Rendering }
  }

  /// The last diagram, read safely from outside the loop.
  public func lastDiagram(in session: Session) -> Diagram? { session.loop.sync { lastDiagram } }
}
