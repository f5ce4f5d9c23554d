import Foundation
import Operators
import PipeDSL

/// `input "city> "`: a source of the lines a person types.
///
/// Each line is an element; an empty line or Ctrl-D completes. Lines are read on a thread of
/// their own and handed to the loop; while the source waits, the virtual clock stands still,
/// so a person's pause never counts as time.
enum InputSource {
  static let entry = CatalogueEntry(
    name: "input", role: .source, signature: "input [\"PROMPT\"]",
    doc: "Emits each line the person types, as a string; an empty line or Ctrl-D completes. "
      + "While it waits for a line the virtual clock stands still. In a script it reads "
      + "standard input.",
    examples: [Example("input \"city> \" | map { len(.) } | show", prints: "")], arity: 0...1
  ) { context in
    var prompt = "> "
    if let argument = context.argument(0) {
      guard let text = context.read.string(argument) else { return nil }
      prompt = text
    }
    return .source { env, _ in
      guard let lines = env.runtime.services.lines else {
        return .error(PipeError(kind: "noInput", message: "this session has nowhere to read lines from"))
      }
      return lines.lines(prompt: prompt, scheduler: env.runtime.scheduler)
    }
  }
}

/// A session's `input` service: lines from a reader, handed to the loop.
final class ReaderLines: LineSource {
  let reader: any LineReader

  init(_ reader: any LineReader) { self.reader = reader }

  func lines(prompt: String, scheduler: any Scheduler) -> Observable<Value> {
    let reader = self.reader
    let loop = Loop.main
    return Observable.create { observer in
      let hold = scheduler.holdClock()
      // Cancelled when the subscription is disposed: lines read after that are dropped.
      let token = ReadToken()
      // The reading thread only carries the observer back to the loop, never calls it.
      let events = UncheckedSendable((observer, hold))
      Thread.detachNewThread {
        while let line = reader.readLine(prompt: prompt, token: token) {
          loop.post { if !token.isCancelled { events.value.0.onNext(.string(line)) } }
        }
        loop.post {
          guard !token.isCancelled else { return }
          let (observer, hold) = events.value
          hold.release()
          observer.onCompleted()
        }
      }
      return Disposables.create {
        hold.release()
        token.cancel()
      }
    }
  }
}

/// Where `input` reads lines: the prompt's terminal, or standard input in a script.
protocol LineReader: AnyObject, Sendable {
  /// The next line, or nil at the end: an empty line, Ctrl-D, the end of the input, a cancel.
  func readLine(prompt: String, token: ReadToken) -> String?
}

/// Lines edited at the prompt, with their own prompt.
final class TerminalLineReader: LineReader {
  let terminal: Terminal
  init(terminal: Terminal) { self.terminal = terminal }

  func readLine(prompt: String, token: ReadToken) -> String? {
    guard case .line(let line) = terminal.read(prompt: prompt, cancel: token), !line.isEmpty else {
      return nil
    }
    return line
  }
}

/// Lines of standard input, for scripts; the prompt is shown only on a terminal.
final class StandardInputLineReader: LineReader {
  func readLine(prompt: String, token: ReadToken) -> String? {
    if isatty(STDIN_FILENO) == 1 { Descriptor.write(prompt, to: STDERR_FILENO) }
    guard let line = Swift.readLine(), !line.isEmpty else { return nil }
    return line
  }
}
