import Foundation
import PipeProcessSupport

/// A SwiftPM package under the temporary directory with ONE executable target, `roundtrip`,
/// that runs the exported program its first argument names. The programs are in a few
/// library modules (`SharedDeclarations`): in each, the declarations its programs agree on
/// are compiled once (`sharedFile`), and each program is a file whose other declarations are
/// fileprivate and whose statements are one public function (`ProgramFile`). All on
/// OpenCombine 0.14 by URL (it resolves from SwiftPM's cache). Its folder is kept between
/// runs, so only the programs that changed are compiled again; it is named after the
/// checkout, so two checkouts tested at once do not write each other's programs.
struct RoundTripPackage {
  let root: URL
  /// Each module's programs, by the module's name.
  let modules: [String: [String]]

  static let target = "roundtrip"
  /// The file of a module's shared declarations.
  static let sharedFile = "SharedDeclarations"

  /// Writes `programs`; those named in `unshared` share no declaration with another.
  static func write(_ programs: [(target: String, program: String)], unshared: Set<String> = []) throws
    -> RoundTripPackage
  {
    let checkout = FileManager.default.currentDirectoryPath.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-export-roundtrip-" + String(checkout, radix: 16))
    let sources = root.appendingPathComponent("Sources")
    let modules = SharedDeclarations.modules(
      programs.map { SharedDeclarations.program($0.program, target: $0.target) }, unshared: unshared)
    var files: [String: [String: String]] = [:]
    for module in modules {
      var texts: [String: String] = [:]
      let imports = module.programs.flatMap(\.imports).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      if !module.shared.isEmpty {
        texts[sharedFile] =
          (imports + module.shared.map { ProgramFile.internalDeclaration($0.text) })
          .joined(separator: "\n\n") + "\n"
      }
      for program in module.programs {
        texts[program.target] = ProgramFile.file(
          program, leaving: module.sharedKeys, named: function(program.target))
      }
      files[module.name] = texts
    }
    let cases = modules.flatMap(\.programs).map { "case \"\($0.target)\": \(function($0.target))()" }
    files[target] = [
      "main": modules.map { "import \($0.name)" }.joined(separator: "\n") + """

        // Runs the program its first argument names; the others (--virtual) are the program's.
        switch CommandLine.arguments.dropFirst().first {
        \(cases.joined(separator: "\n"))
        default: fatalError("no such program")
        }

        """
    ]
    // A file is written only when its text changed, and only what is no longer in the
    // package is removed: SwiftPM compiles again only what has a new date.
    for old in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    where files[old] == nil {
      try FileManager.default.removeItem(at: sources.appendingPathComponent(old))
    }
    for (module, texts) in files {
      let folder = sources.appendingPathComponent(module)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      where !old.hasSuffix(".swift") || texts[String(old.dropLast(6))] == nil {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
      }
      for (name, text) in texts {
        try writeIfChanged(text, to: folder.appendingPathComponent("\(name).swift"))
      }
    }
    let combine = """
      .product(name: "OpenCombine", package: "OpenCombine"),
                      .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      """
    // What a developer's app may ask of pasted code: no warning at all.
    let settings = "swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])]"
    let libraries = modules.map {
      ".target(name: \"\($0.name)\", dependencies: [\n\(combine)], \(settings)),"
    }
    let manifest = """
      // swift-tools-version: 5.9
      import PackageDescription

      let package = Package(
        name: "roundtrip",
        dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")],
        targets: [
          \(libraries.joined(separator: "\n    "))
          .executableTarget(
            name: "\(target)", dependencies: [\(modules.map { "\"\($0.name)\"" }.joined(separator: ", "))],
            \(settings)),
        ]
      )

      """
    try writeIfChanged(manifest, to: root.appendingPathComponent("Package.swift"))
    return RoundTripPackage(
      root: root,
      modules: Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0.programs.map(\.target)) }))
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
