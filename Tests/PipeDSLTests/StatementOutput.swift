import Foundation
import PipeDSL

/// What a statement run in a new session prints, its error lines last.
func printedLines(_ text: String) -> [String] {
  let output = BufferedOutput()
  _ = Session.make(output: output).execute(SourceFile(name: "statement.pipe", text: text))
  return output.lines + output.errorLines
}

/// The values `lastStage` passes when the statement ends in `log`, which builds every stage
/// on its own, sub-pipelines included, and runs none on ints.
func loggedValues(_ text: String, lastStage: String) -> [String] {
  printedLines(text + " | log").compactMap { line in
    guard line.contains(lastStage), let range = line.range(of: " next ") else { return nil }
    return String(line[range.upperBound...])
  }
}
