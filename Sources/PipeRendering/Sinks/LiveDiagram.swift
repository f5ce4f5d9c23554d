import Operators
import Synchronization
import TerminalText

/// Redraws a diagram in place on a terminal a few times a second while a run on the real
/// clock goes on: it moves the cursor up over the last drawing (ANSI `ESC[nA`), clears to
/// the end of the screen (`ESC[J`) and draws again. `stop` erases the drawing, so the
/// final diagram can be printed in its place.
final class LiveDiagram {
  /// Wall-clock seconds between drawings.
  static let interval = 0.2
  /// The tallest drawing redrawn in place; a taller one is cut, as the cursor cannot move
  /// above the top of the screen.
  static let maxHeight = 40

  private let write: @Sendable (String) -> Void
  private let draw: () -> (lines: [String], width: Int)
  private var timer: (any Disposable)?
  private var height = 0

  /// - Parameter draw: the drawing now, and the terminal's width.
  init(
    clock: RealTimeScheduler, write: @escaping @Sendable (String) -> Void,
    draw: @escaping () -> (lines: [String], width: Int)
  ) {
    self.write = write
    self.draw = draw
    timer = clock.schedulePeriodic(every: .seconds(Self.interval * clock.speed)) { [weak self] in
      self?.redraw()
    }
  }

  func redraw() {
    var (lines, width) = draw()
    if lines.count > Self.maxHeight { lines = Array(lines.prefix(Self.maxHeight - 1)) + ["…"] }
    // Its own cursor movements are written raw: the lines' control characters are not.
    write(erasing + lines.map { $0.neutralisingControls(keepingStyles: true) + "\n" }.joined())
    if height == 0 { LiveDrawing.drawn.add(1, ordering: .sequentiallyConsistent) }
    height = lines.reduce(0) { $0 + Self.rows($1, width: width) }
  }

  /// How many terminal rows a line takes, its colours not counted: a line wider than the
  /// terminal wraps, and the cursor must move up over every row.
  static func rows(_ line: String, width: Int) -> Int {
    max(1, (line.displayWidth + width - 1) / max(1, width))
  }

  func stop() {
    timer?.dispose()
    timer = nil
    if height > 0 {
      write(erasing)
      LiveDrawing.drawn.subtract(1, ordering: .sequentiallyConsistent)
    }
    height = 0
  }

  /// Moves up over the last drawing and clears it.
  private var erasing: String {
    height > 0 ? TerminalControl.up(height) + "\r" + TerminalControl.clearToEnd : ""
  }
}

/// Whether a live diagram is drawn in place now: Ctrl-C at the prompt then writes no line
/// break of its own, which would move the cursor off the row the diagram is erased from.
public enum LiveDrawing {
  static let drawn = Atomic<Int>(0)

  /// Read from any thread (the signal watch's).
  public static var isOnScreen: Bool { drawn.load(ordering: .sequentiallyConsistent) > 0 }
}
