import PipeProcessSupport
import XCTest

/// The docs show pipe's real output: every `$ pipe ...` line in a ```console block of these
/// pages is run, and what it prints must be the lines below it.
final class ConsoleExamplesTests: XCTestCase {
  static let pages = ["docs/LANGUAGE.md", "docs/COOKBOOK.md", "workshop/README.md"]

  func testEveryConsoleExampleShowsWhatPipePrints() throws {
    var checked = 0
    for page in Self.pages {
      for example in ConsoleExample.all(in: try PipeProcess.read(page)) {
        let run = try PipeProcess.run(example.arguments, errors: .output)
        let actual = ConsoleExample.normalized(run.output)
        XCTAssertEqual(
          actual, example.output,
          "\(page):\(example.line): $ pipe \(example.arguments.joined(separator: " "))\nprints:\n\(actual)")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 50, "the pages show their examples in console blocks")
  }

  func testTheCommandLineSplitsAsAShellDoes() {
    XCTAssertEqual(
      ConsoleExample.words(#"pipe -e 'weather "London" | show' --seed 7"#),
      ["pipe", "-e", #"weather "London" | show"#, "--seed", "7"])
    XCTAssertEqual(ConsoleExample.words(#"pipe -e "just 1""#), ["pipe", "-e", "just 1"])
  }
}

/// One `$ pipe ...` line of a console block and the output shown under it.
struct ConsoleExample {
  var line: Int
  var arguments: [String]
  var output: String

  static func all(in page: String) -> [ConsoleExample] {
    var examples: [ConsoleExample] = []
    var inConsole = false
    for (index, text) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if text.hasPrefix("```") {
        inConsole = text == "```console"
      } else if inConsole && text.hasPrefix("$ pipe ") {
        examples.append(
          ConsoleExample(
            line: index + 1, arguments: Array(words(String(text.dropFirst(2))).dropFirst()), output: ""))
      } else if inConsole, !examples.isEmpty {
        examples[examples.count - 1].output +=
          (examples[examples.count - 1].output.isEmpty ? "" : "\n") + text
      }
    }
    return examples.map {
      var copy = $0; copy.output = normalized(copy.output); return copy
    }
  }

  /// The text without trailing spaces on its lines, nor empty lines at its end.
  static func normalized(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Splits a command line as a POSIX shell does, for the quoting the docs use: words
  /// separated by spaces, `'...'` taken literally, `"..."` with `\"` and `\\`.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current: String?
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        current = (current ?? "") + String(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if open == "\"" && character == "\\" {
          escaped = true
        } else {
          current = (current ?? "") + String(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        current = current ?? ""
      } else if character == " " {
        if let word = current { words.append(word) }
        current = nil
      } else {
        current = (current ?? "") + String(character)
      }
    }
    if let word = current { words.append(word) }
    return words
  }
}
