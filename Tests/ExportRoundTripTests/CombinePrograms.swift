import Foundation
import PipeProcessSupport

/// The Combine programs the round trips build, in one cached package (`RoundTripPackage`):
/// the examples and the golden test's scripts (`CombineRoundTripTests`), and with
/// `PIPE_COMBINE_DOCUMENTED=1` every documented pipeline (`CombineDocumentedRoundTripTests`),
/// each exported with `pipe export --to combine --runnable` (in the shared pass,
/// `DocumentedExports`, but for the golden test's scripts). Built once per test run, with warnings as errors; a program that does not
/// build is left out of the package, so that the others still build, and named.
final class CombinePrograms: @unchecked Sendable {
  struct Program {
    /// A script's path, or where the docs show the pipeline.
    var place: String
    var target: String
    var text: String
    /// Whether the export declares a plugin's stub, which the program cannot run.
    var usesPlugins: Bool
    /// For a documented pipeline: what it is.
    var documented: DocumentedPipeline?
  }

  let examples: [Program]
  let documented: [Program]
  /// The documented pipelines the exporter refused.
  let refused: Int
  let package: RoundTripPackage
  /// The targets that did not build, with the compiler's errors.
  let failed: [String: String]

  private static let lock = NSLock()
  nonisolated(unsafe) private static var built: Result<CombinePrograms, any Error>?

  /// The programs, exported and built on first use.
  static func shared() throws -> CombinePrograms {
    try lock.withLock {
      if built == nil { built = Result { try CombinePrograms() } }
      return built!
    }.get()
  }

  private init() throws {
    var examples: [Program] = []
    for folder in ["examples/chapter", "examples/rx", "examples/tour", "Tests/PipeExportTests/Scripts"] {
      for path in try PipeProcess.files(in: folder, suffix: ".pipe") {
        let target =
          "x_"
          + path.split(separator: "/").suffix(2).joined(separator: "/").dropLast(5).map {
            $0.isLetter || $0.isNumber ? $0 : "_"
          }
        examples.append(Program(place: path, target: String(target), text: "", usesPlugins: false))
      }
    }
    // The documented pipelines (examples/ among them) are exported once, for every test
    // (`DocumentedExports`); only the golden test's scripts are exported here.
    let shared = try DocumentedExports.shared()
    let pipelines = Self.withDocumented ? shared.pipelines : []
    let documentedExports = Self.withDocumented ? shared.exports["combine"]! : []
    let own = examples.map(\.place).filter { shared.export(ofScript: $0, to: "combine") == nil }
    let ownExports = WorkerRun.each(own.count) { index in
      Result { try WorkerRun.pipe(DocumentedExports.flags("combine") + [own[index]]) }
    }
    var exported: [String: PipeRun] = [:]
    for (place, export) in zip(own, ownExports) { exported[place] = try export.get() }
    for index in examples.indices {
      let place = examples[index].place
      let export = exported[place] ?? shared.export(ofScript: place, to: "combine")!
      // A refusal (exit 3, `chaos`) is DocumentedExportTests' to check.
      guard export.status == 0 || export.status == 3 else {
        throw MissingTestSetup("\(examples[index].place): \(export.stderr)")
      }
      examples[index].text = export.status == 0 ? export.stdout : ""
      examples[index].usesPlugins = export.stdout.contains("connect your service here")
    }
    examples.removeAll { $0.text.isEmpty }
    var documented: [Program] = []
    var refused = 0
    for (pipeline, export) in zip(pipelines, documentedExports) {
      if export.status == 3 { refused += 1 }
      guard export.status == 0 else { continue }
      documented.append(
        Program(
          place: pipeline.place, target: "d_" + Self.hash(export.stdout), text: export.stdout,
          usesPlugins: export.stdout.contains("connect your service here"), documented: pipeline))
    }
    (self.examples, self.documented, self.refused) = (examples, documented, refused)
    // One target per program text: the docs show some pipelines twice.
    var targets: [String: String] = [:]
    for program in examples + documented { targets[program.target] = program.text }
    var failed: [String: String] = [:]
    var package = try RoundTripPackage.write(targets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    // A program that does not build is named and left out; the rest build again.
    while true {
      let result = try package.build()
      guard result.status != 0 else { break }
      let broken = Self.targets(in: result.output).subtracting(failed.keys)
      guard !broken.isEmpty else {
        throw MissingTestSetup("swift build failed, but no program is to blame:\n\(result.output)")
      }
      for target in broken { failed[target] = Self.errors(of: target, in: result.output) }
      package = try RoundTripPackage.write(
        targets.filter { failed[$0.key] == nil }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
    (self.package, self.failed) = (package, failed)
  }

  /// Whether the documented pipelines are built too: about 300 programs, some 9 minutes
  /// from cold on two busy cores, beyond what `make test` can spend.
  static var withDocumented: Bool { ProcessInfo.processInfo.environment["PIPE_COMBINE_DOCUMENTED"] == "1" }

  /// The targets a build's errors are in: `Sources/TARGET/main.swift:3:4: error: ...`.
  private static func targets(in output: String) -> Set<String> {
    var found: Set<String> = []
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      guard let sources = line.range(of: "/Sources/") else { continue }
      found.insert(String(line[sources.upperBound...].prefix { $0 != "/" }))
    }
    return found
  }

  private static func errors(of target: String, in output: String) -> String {
    output.split(separator: "\n").filter { $0.contains("/Sources/\(target)/") }.joined(separator: "\n")
  }

  /// FNV-1a of the text, for a target name that stays while its program does.
  static func hash(_ text: String) -> String {
    String(
      text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
  }
}
