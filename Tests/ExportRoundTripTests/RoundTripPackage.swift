import Foundation
import PipeProcessSupport

/// A SwiftPM package under the temporary directory with one executable per exported program,
/// depending on OpenCombine 0.14 by URL (it resolves from SwiftPM's cache). Its folder is kept
/// between runs, so only the programs that changed are compiled again; it is named after the
/// checkout, so two checkouts tested at once do not write each other's programs.
struct RoundTripPackage {
  let root: URL

  static func write(_ programs: [(target: String, program: String)]) throws -> RoundTripPackage {
    let checkout = FileManager.default.currentDirectoryPath.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-export-roundtrip-" + String(checkout, radix: 16))
    let sources = root.appendingPathComponent("Sources")
    // A program's file is written only when its text changed, and only folders of programs
    // no longer exported are removed: SwiftPM compiles again what has a new date, and
    // rewriting all of them made every run build each of the ~45 targets from scratch.
    let kept = Set(programs.map(\.target))
    let present = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    for old in present where !kept.contains(old) {
      try FileManager.default.removeItem(at: sources.appendingPathComponent(old))
    }
    for (target, program) in programs {
      let folder = sources.appendingPathComponent(target)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try writeIfChanged(program, to: folder.appendingPathComponent("main.swift"))
    }
    let targets = programs.map {
      "    .executableTarget(name: \"\($0.target)\", dependencies: combine, swiftSettings: settings),"
    }
    let manifest = """
      // swift-tools-version: 5.9
      import PackageDescription

      let combine: [Target.Dependency] = [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ]
      // What a developer's app may ask of pasted code: no warning at all.
      let settings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
      let package = Package(
        name: "roundtrip",
        dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")],
        targets: [
      \(targets.joined(separator: "\n"))
        ]
      )

      """
    try writeIfChanged(manifest, to: root.appendingPathComponent("Package.swift"))
    return RoundTripPackage(root: root)
  }

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

  /// Runs one program; what it printed on standard output and standard error.
  func run(_ target: String, arguments: [String]) throws -> String {
    let binary = root.appendingPathComponent(".build/debug/\(target)").path
    return try Self.execute([binary] + arguments).output
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
