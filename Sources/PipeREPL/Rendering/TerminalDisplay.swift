import Foundation
import PipeRendering

/// What the drawing sinks may use: standard output's width (measured at every drawing, so
/// a resized terminal is noticed) and colour, Unicode when the locale allows, and live
/// redrawing through `live` when standard output can redraw.
enum TerminalDisplay {
  /// A display for standard output as `streams` found it; `live` writes a redrawing.
  static func probe(streams: OutputStreams, live: @escaping @Sendable (String) -> Void)
    -> @Sendable () -> Display
  {
    let stream = streams.output
    let unicode = streams.unicode
    let writer = stream.redraws ? live : nil
    return { Display(width: stream.width, unicode: unicode, colour: stream.paint.colour, live: writer) }
  }
}
