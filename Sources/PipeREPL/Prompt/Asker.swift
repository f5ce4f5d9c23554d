import Foundation
import PipeDSL
import TerminalText

/// How `catch ask` and `retryWhen ask` are answered: by the person at the prompt, or, in a
/// script, by `--answer`.
enum Asker {
  /// The answer is a line: a letter (or the word), then Enter, as the question says.
  static let question = "[r]etry, [d]efault value, [f]ail? (a letter, then Enter) "

  /// Asks at the prompt after showing the error; Ctrl-C or Ctrl-D means fail. Runs on the
  /// loop, which waits for the answer.
  static func terminal(_ terminal: Terminal, paint: Paint) -> (PipeError) -> AskAnswer {
    { error in
      terminal.write(paint.errorLine(error.unhandledLine) + "\n", to: STDERR_FILENO)
      while true {
        guard case .line(let text) = terminal.read(prompt: question) else { return .fail }
        if let answer = parse(text) { return answer }
      }
    }
  }

  /// Asks on standard error and reads standard input: a script run from a terminal.
  static func plain(redactor: Redactor) -> (PipeError) -> AskAnswer {
    { error in
      Descriptor.write(redactor.redact(error.unhandledLine).neutralisingControls() + "\n", to: STDERR_FILENO)
      while true {
        Descriptor.write(question, to: STDERR_FILENO)
        guard let line = Swift.readLine() else { return .fail }
        if let answer = parse(line) { return answer }
      }
    }
  }

  /// The person's yes to a question of permission (`Write it? [y/N]`); anything but `y` or
  /// `yes`, Ctrl-C and Ctrl-D included, is no.
  static func yesOrNo(_ terminal: Terminal) -> @Sendable (String) -> Bool {
    { question in
      guard case .line(let text) = terminal.read(prompt: question) else { return false }
      return ["y", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
    }
  }

  /// A fixed answer, for a script. A `retry` answer is given at most `retryLimit` times in a
  /// row, then `fail`: without a person, retrying a source that always fails never ends.
  static func scripted(_ answer: AskAnswer, retryLimit: Int = 10) -> (PipeError) -> AskAnswer {
    var retries = 0
    return { _ in
      guard answer == .retry else { return answer }
      retries += 1
      return retries <= retryLimit ? .retry : .fail
    }
  }

  /// `r`, `retry`, `d`, `default`, `f`, `fail` (any case); nil for anything else.
  static func parse(_ text: String) -> AskAnswer? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "r", "retry": return .retry
    case "d", "default": return .default
    case "f", "fail": return .fail
    default: return nil
    }
  }
}
