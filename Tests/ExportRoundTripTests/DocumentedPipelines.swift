import Foundation
import PipeProcessSupport

/// Every pipeline pipe documents, the ones people copy: each `pipe -e '...'` of README.md,
/// docs/*.md and workshop/README.md (in console blocks and in the prose), each line typed at
/// `pipe>` in a console block, each `pipe export --code '...'`, and each script of examples/
/// and workshop/solutions.
struct DocumentedPipeline {
  /// Where it is documented: `docs/LANGUAGE.md:412` or a script's path.
  var place: String
  /// `--code CODE` or the script's path: what `pipe export` is given.
  var arguments: [String]

  /// What names it in a list of known differences: its page and the first line of its code
  /// (a line number moves whenever the page above it changes), or a script's path.
  var key: String {
    guard arguments.first == "--code", let colon = place.lastIndex(of: ":") else { return place }
    let firstLine = arguments[1].split(separator: "\n", maxSplits: 1).first ?? ""
    return "\(place[..<colon]): \(firstLine)"
  }

  static let pages = ["README.md", "workshop/README.md"]
  static let scriptFolders = [
    "examples/chapter", "examples/rx", "examples/tour", "examples/plugins", "workshop/solutions",
  ]

  static func all() throws -> [DocumentedPipeline] {
    var pipelines: [DocumentedPipeline] = []
    let docs = try PipeProcess.files(in: "docs", suffix: ".md")
    for page in pages + docs {
      pipelines += inPage(try PipeProcess.read(page), named: page)
    }
    for folder in scriptFolders {
      let present = FileManager.default.fileExists(
        atPath: PipeProcess.repository.appendingPathComponent(folder).path)
      guard present else { continue }
      for path in try PipeProcess.files(in: folder, suffix: ".pipe") {
        pipelines.append(DocumentedPipeline(place: path, arguments: [path]))
      }
    }
    return pipelines
  }

  /// The pipelines of one Markdown page, in the order they appear.
  static func inPage(_ text: String, named page: String) -> [DocumentedPipeline] {
    var found: [DocumentedPipeline] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var inBlock = false
    // What was typed at `pipe>` in one block is one session: one script, where it began.
    var typed: (place: String, lines: [String])?
    for (index, line) in lines.enumerated() {
      let place = "\(page):\(index + 1)"
      if line.hasPrefix("```") {
        inBlock = line == "```console" || line == "```text"
        if let session = typed {
          found.append(
            DocumentedPipeline(
              place: session.place, arguments: ["--code", session.lines.joined(separator: "\n")]))
          typed = nil
        }
        continue
      }
      if inBlock, line.hasPrefix("pipe> ") {
        typed = (typed?.place ?? place, (typed?.lines ?? []) + [String(line.dropFirst(6))])
        continue
      }
      if inBlock, line.hasPrefix("  ... "), typed != nil {
        typed!.lines[typed!.lines.count - 1] += "\n" + line.dropFirst(6)
        continue
      }
      // The code may go on over the next lines, inside its quotes.
      let rest = lines[index...].joined(separator: "\n")
      for flag in ["pipe -e ", "--code "] {
        var search = line.startIndex
        while let range = line.range(of: flag, range: search..<line.endIndex) {
          search = range.upperBound
          let start = rest.index(
            rest.startIndex, offsetBy: line.distance(from: line.startIndex, to: range.upperBound))
          guard let code = quoted(rest[start...]), isCode(code) else { continue }
          found.append(DocumentedPipeline(place: place, arguments: ["--code", code]))
        }
      }
    }
    return found
  }

  /// The text of a shell word quoted with `'...'` or `"..."` at the start of `text`.
  static func quoted(_ text: Substring) -> String? {
    guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
    var result = ""
    var escaped = false
    for character in text.dropFirst() {
      if escaped {
        result.append(character)
        escaped = false
      } else if quote == "\"" && character == "\\" {
        escaped = true
      } else if character == quote {
        return result
      } else {
        result.append(character)
      }
    }
    return nil
  }

  /// Whether a quoted word is code rather than a placeholder (`'CODE'`, `'...'`).
  private static func isCode(_ code: String) -> Bool {
    !code.contains("...") && code != "CODE" && !code.isEmpty
  }
}
