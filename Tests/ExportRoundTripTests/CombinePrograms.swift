import Foundation
import PipeProcessSupport

/// The Combine programs the round trips build, in one cached package (`RoundTripPackage`):
/// the examples and the golden test's scripts (`CombineRoundTripTests`), and every
/// documented pipeline (`CombineDocumentedRoundTripTests`),
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
        examples.append(Program(place: path, target: "", text: "", usesPlugins: false))
      }
    }
    // The documented pipelines (examples/ among them) are exported once, for every test
    // (`DocumentedExports`); only the golden test's scripts are exported here.
    let shared = try DocumentedExports.shared()
    let pipelines = shared.pipelines
    let documentedExports = shared.exports["combine"]!
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
      examples[index].target = Self.target(export.stdout)
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
          place: pipeline.place, target: Self.target(export.stdout), text: export.stdout,
          usesPlugins: export.stdout.contains("connect your service here"), documented: pipeline))
    }
    (self.examples, self.documented, self.refused) = (examples, documented, refused)
    // One program per text: the docs show some pipelines twice, and the examples are documented.
    var targets: [String: String] = [:]
    for program in examples + documented { targets[program.target] = program.text }
    var failed: [String: String] = [:]
    var unshared: Set<String> = []
    var package: RoundTripPackage
    // A program that does not build is named and left out, and the rest build again. A
    // program that does not build where it shares declarations (or a module whose shared
    // declarations do not) is built again sharing none, where what fails is its own.
    while true {
      package = try RoundTripPackage.write(
        targets.filter { failed[$0.key] == nil }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
        unshared: unshared)
      let result = try package.build()
      guard result.status != 0 else { break }
      let before = (failed.count, unshared.count)
      for place in Self.files(in: result.output) {
        let (module, file) = (place[0], place[1])
        if module == SharedDeclarations.ownModule {
          if failed[file] == nil { failed[file] = Self.errors(of: file, in: result.output) }
          continue
        }
        if file == RoundTripPackage.sharedFile {
          unshared.formUnion(package.modules[module] ?? [])
        } else if package.modules[module]?.contains(file) == true {
          unshared.insert(file)
        } else {
          continue
        }
        // Said, since it costs a build: what sharing broke is for SharedDeclarations to mend.
        print("round trip: \(module)/\(file).swift does not build; built again sharing nothing:")
        print(
          Self.errors(of: file, in: result.output).split(separator: "\n").prefix(6).joined(separator: "\n"))
      }
      guard (failed.count, unshared.count) != before else {
        throw MissingTestSetup("swift build failed, but no program is to blame:\n\(result.output)")
      }
    }
    (self.package, self.failed) = (package, failed)
  }

  /// The files a build's errors are in, with their modules:
  /// `Sources/MODULE/FILE.swift:3:4: error: ...`.
  private static func files(in output: String) -> Set<[String]> {
    var found: Set<[String]> = []
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      guard let sources = line.range(of: "/Sources/") else { continue }
      let path = line[sources.upperBound...].prefix { $0 != ":" }.split(separator: "/")
      guard path.count == 2, path[1].hasSuffix(".swift") else { continue }
      found.insert([String(path[0]), String(path[1].dropLast(6))])
    }
    return found
  }

  private static func errors(of target: String, in output: String) -> String {
    // Each compile job repeats the errors: once each.
    var seen: Set<Substring> = []
    return output.split(separator: "\n").filter { seen.insert($0).inserted }.filter {
      $0.contains("/\(target).swift:")
    }
    .joined(separator: "\n")
  }

  /// A program's name, FNV-1a of its text: it stays while the program does.
  static func target(_ text: String) -> String {
    "p_"
      + String(
        text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
  }
}
