import Foundation
import PipeProcessSupport

/// A SwiftPM package under the temporary directory with ONE executable target, `roundtrip`,
/// that holds every exported program (`ProgramFile`: each a file whose code is one function)
/// and runs the one its first argument names: one module compiled, on OpenCombine 0.14 by URL
/// (it resolves from SwiftPM's cache), instead of some 300 targets each compiled and linked.
/// Its folder is kept between runs, so only the programs that changed are compiled again; it
/// is named after the checkout, so two checkouts tested at once do not write each other's
/// programs.
struct RoundTripPackage {
  let root: URL

  static let target = "roundtrip"

  static func write(_ programs: [(target: String, program: String)]) throws -> RoundTripPackage {
    let checkout = FileManager.default.currentDirectoryPath.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-export-roundtrip-" + String(checkout, radix: 16))
    let sources = root.appendingPathComponent("Sources")
    let folder = sources.appendingPathComponent(target)
    // What an older layout left (a folder per program) goes.
    for old in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] where old != target
    {
      try FileManager.default.removeItem(at: sources.appendingPathComponent(old))
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A program's file is written only when its text changed, and only the files of programs
    // no longer exported are removed: SwiftPM compiles again only what has a new date.
    let kept = Set(programs.map { "\($0.target).swift" } + ["main.swift"])
    for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    where !kept.contains(old) {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
    }
    for (target, program) in programs {
      try writeIfChanged(
        ProgramFile.asFunction(program, named: function(target)),
        to: folder.appendingPathComponent("\(target).swift"))
    }
    let cases = programs.map { "case \"\($0.target)\": \(function($0.target))()" }
    let main = """
      // Runs the program its first argument names; the others (--virtual) are the program's.
      switch CommandLine.arguments.dropFirst().first {
      \(cases.joined(separator: "\n"))
      default: fatalError("no such program")
      }

      """
    try writeIfChanged(main, to: folder.appendingPathComponent("main.swift"))
    let manifest = """
      // swift-tools-version: 5.9
      import PackageDescription

      let package = Package(
        name: "roundtrip",
        dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")],
        targets: [
          .executableTarget(
            name: "\(target)",
            dependencies: [
              .product(name: "OpenCombine", package: "OpenCombine"),
              .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            // What a developer's app may ask of pasted code: no warning at all.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
        ]
      )

      """
    try writeIfChanged(manifest, to: root.appendingPathComponent("Package.swift"))
    return RoundTripPackage(root: root)
  }

  /// The function that is the program of `target`.
  static func function(_ target: String) -> String { "program_\(target)" }

  /// Writes `text` to `file` unless the file already holds exactly that, keeping its date.
  /// Returns whether it wrote.
  @discardableResult
  static func writeIfChanged(_ text: String, to file: URL) throws -> Bool {
    if let current = try? Data(contentsOf: file), current == Data(text.utf8) { return false }
    try text.write(to: file, atomically: true, encoding: .utf8)
    return true
  }

  /// `swift build` of every program: its status and what it printed.
  func build() throws -> (status: Int32, output: String) {
    try Self.execute(["/usr/bin/env", "swift", "build", "--package-path", root.path])
  }

  /// The one executable; its first argument names the program.
  var binary: String { root.appendingPathComponent(".build/debug/\(Self.target)").path }

  /// Runs one program; what it printed on standard output and standard error.
  func run(_ target: String, arguments: [String]) throws -> String {
    try Self.execute([binary, target] + arguments).output
  }

  /// Runs `command` with the tests' own environment and HOME (where SwiftPM finds its
  /// mirrors and caches), standard error interleaved with standard output; killed, and the
  /// test failed, after 30 minutes.
  static func execute(_ command: [String]) throws -> (status: Int32, output: String) {
    let run = try Spawned(
      Array(command.dropFirst()), environment: ProcessInfo.processInfo.environment, executable: command[0],
      errors: .output
    ).wait(timeout: 1800)
    return (run.status, run.stdout)
  }
}
