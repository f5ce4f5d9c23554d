import CLibEdit
import Foundation
import TerminalText

extension Terminal {
  /// Runs on the editing thread, inside libedit, when another thread poked it: prints held
  /// output above the line and draws the line again; ends the read for Ctrl-C, a cancel, or a
  /// read stepping in front.
  func handleWake() {
    state.lock()
    let output = pending
    pending.removeAll()
    let resize = resizeRequested
    resizeRequested = false
    let edit = active
    let (interrupted, cancelled, putAside) = (
      edit?.interrupted ?? false, edit?.cancelled ?? false, edit?.putAside ?? false
    )
    edit?.interrupted = false
    state.unlock()
    guard let edit else { return }
    fflush(nil)
    // The line was drawn at libedit's old width; a terminal may or may not have re-wrapped it
    // at the new one: go up as far as either says.
    let drawn = LineGeometry.current(prompt: edit.prompt)
    if resize { rl_resize_terminal() }
    if !output.isEmpty || resize {
      let rows = max(drawn.cursorRow, LineGeometry.current(prompt: edit.prompt).cursorRow)
      Descriptor.write(LineGeometry.erase(rowsAbove: rows), to: STDOUT_FILENO)
      for (descriptor, bytes) in output { Descriptor.write(bytes, to: descriptor) }
      rl_forced_update_display()
    }
    fflush(nil)
    let geometry = LineGeometry.current(prompt: edit.prompt)
    if cancelled || putAside {
      Descriptor.write(geometry.erase, to: STDOUT_FILENO)
      edit.saved = putAside ? (geometry.text, geometry.point) : nil
      end(edit, cancelled ? .cancelled : .putAside)
    } else if interrupted {
      Descriptor.write(geometry.moveToEnd + "^C", to: STDOUT_FILENO)
      end(edit, .interrupted)
    }
  }

  private func end(_ edit: Edit, _ outcome: Edit.Outcome) {
    edit.outcome = outcome
    pipe_rl_set_done(1)
  }
}

/// Where libedit has drawn the prompt and the line: rows and columns from the prompt's start,
/// for erasing it and for moving the cursor.
struct LineGeometry {
  var prompt: String
  /// The line's bytes (UTF-8) and the cursor's byte offset.
  var text: [UInt8]
  var point: Int
  var columns: Int

  /// The line libedit is editing now.
  static func current(prompt: String) -> LineGeometry {
    var rows: Int32 = 0
    var columns: Int32 = 0
    rl_get_screen_size(&rows, &columns)
    var text: [UInt8] = []
    if let buffer = pipe_rl_line_buffer() {
      let end = Int(max(0, pipe_rl_end()))
      text = Array(
        UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: end))
    }
    let point = min(Int(max(0, pipe_rl_point())), text.count)
    return LineGeometry(prompt: prompt, text: text, point: point, columns: columns > 0 ? Int(columns) : 80)
  }

  /// The cursor's row below the prompt's.
  var cursorRow: Int { position(ofByte: point).row }

  /// Moves to the prompt's first column and clears to the end of the screen.
  var erase: String { LineGeometry.erase(rowsAbove: cursorRow) }

  static func erase(rowsAbove rows: Int) -> String {
    "\r" + TerminalControl.up(rows) + TerminalControl.clearToEnd
  }

  /// Moves from the cursor to the end of the line.
  var moveToEnd: String {
    let from = position(ofByte: point)
    let to = position(ofByte: text.count)
    let down = to.row - from.row
    return TerminalControl.down(down) + "\r" + TerminalControl.right(to.column)
  }

  /// The row and column after the prompt and the line's first `offset` bytes, wrapping at the
  /// terminal's width as libedit does.
  func position(ofByte offset: Int) -> (row: Int, column: Int) {
    var row = 0
    var column = 0
    let shown = prompt + String(decoding: text[..<min(offset, text.count)], as: UTF8.self)
    for scalar in shown.unicodeScalars {
      if scalar == "\n" {
        row += 1
        column = 0
        continue
      }
      let width = DisplayWidth.of(scalar)
      if column + width > columns {
        row += 1
        column = 0
      }
      column += width
      if column >= columns {
        row += 1
        column = 0
      }
    }
    return (row, column)
  }
}
