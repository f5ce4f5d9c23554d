import OperatorsTestSupport
import PipeDSL
import PipeRendering
import XCTest

/// Runs texts through a virtual-time session with the drawing sinks, as `pipe` does.
class RenderingTestCase: LeakCheckingTestCase {
  /// The standard output of running `text` at `width` columns.
  func draw(_ text: String, width: Int = 72, unicode: Bool = true) -> String {
    run(text, width: width, unicode: unicode).output.lines.joined(separator: "\n")
  }

  /// Checks the exact text `text` draws, showing both on a mismatch.
  func assertDiagram(
    _ text: String, width: Int, unicode: Bool = true, _ expected: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let actual = draw(text, width: width, unicode: unicode)
    XCTAssertEqual(actual, expected, "\nactual:\n\(actual)\nexpected:\n\(expected)", file: file, line: line)
  }

  func run(_ text: String, width: Int = 72, unicode: Bool = true)
    -> (output: BufferedOutput, session: Session, rendering: Rendering)
  {
    let (output, session, rendering) = makeSession(Display(width: width, unicode: unicode, colour: false))
    let report = session.execute(SourceFile(name: "test.pipe", text: text))
    XCTAssertFalse(report.hasCompileErrors, "\(report.diagnostics)")
    return (output, session, rendering)
  }

  /// A session with the drawing sinks in its catalogue and the rendering as its drawing.
  func makeSession(_ display: Display, clock: ClockMode = .virtual)
    -> (output: BufferedOutput, session: Session, rendering: Rendering)
  {
    let output = BufferedOutput()
    let rendering = Rendering { display }
    var catalogue = Catalogue.standard
    for entry in rendering.sinkEntries { catalogue.add(entry) }
    let session = Session.make(
      clock: clock, services: Services(output: output, drawing: rendering), catalogue: catalogue)
    return (output, session, rendering)
  }
}
