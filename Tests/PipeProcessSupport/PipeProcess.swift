import Foundation

/// Runs the built `pipe` executable, as a person at a terminal would, for the tests that
/// check files of the repository (workshop exercises, docs) against what pipe really does.
///
///     let result = try PipeProcess.run(["check", "workshop/exercises/01-fallback-value.pipe"])
///     result.status   // 1: the exercise fails until the student writes the missing stage
public enum PipeProcess {
  /// What a run printed (standard output and standard error, interleaved as a terminal
  /// shows them) and its exit status.
  public struct Outcome: Sendable {
    public var status: Int32
    public var output: String
  }

  /// The build's products: the directory of the test bundle, where `pipe` sits too.
  public static let products: URL = {
    var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let test = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.insert(URL(fileURLWithPath: test).deletingLastPathComponent(), at: 0)
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.insert(bundle.bundleURL.deletingLastPathComponent(), at: 0)
    }
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("pipe").path)
    }
      ?? candidates[0]
  }()

  /// The `pipe` executable.
  public static var executable: URL { products.appendingPathComponent("pipe") }

  /// The repository's root: the runs start there, so paths read as in the docs.
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `pipe ARGUMENTS` in the repository's root, without colour, and waits for it.
  public static func run(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = repository
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    // A fresh home for every run: no cache, settings or history of earlier runs leaks in.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    environment["HOME"] = home.path
    for (name, folder) in [
      ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
    ] {
      environment[name] = home.appendingPathComponent(folder).path
    }
    process.environment = environment
    return try capture(process)
  }

  /// Runs a process made ready, with nothing on standard input, and waits for it: what it
  /// printed on standard output and standard error, interleaved, and its exit status.
  public static func capture(_ process: Process) throws -> Outcome {
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  /// The repository's files in `folder` whose names end in `suffix`, sorted, as paths
  /// relative to the root.
  public static func files(in folder: String, suffix: String) throws -> [String] {
    let url = repository.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
  }

  /// A file of the repository, as text.
  public static func read(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }
}
